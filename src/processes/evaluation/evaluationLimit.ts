import type { ExpressionErrorCode } from './expressionError.js';

/** Thrown inside an evaluation that passed one of its bounds; `limit` is the code it fails with. */
export class EvaluationLimit extends Error {
  constructor(
    readonly limit: ExpressionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EvaluationLimit';
  }
}
