/** Why an expression gave no value: the step or instance it belongs to fails with this code. */
export type ExpressionErrorCode =
  'expression_failed' | 'expression_timeout' | 'expression_memory' | 'expression_output_too_large';

export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    message: string,
    readonly code: ExpressionErrorCode = 'expression_failed',
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}
