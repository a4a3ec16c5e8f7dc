import type { ExpressionErrorCode } from './expressionError.js';

/** What an expression sees (PRODUCT.md 4). */
export type ExpressionContext = {
  input: Record<string, unknown>;
  steps: Record<string, unknown>;
  instance: { id: string; merchant_id: string };
  /** In a map's run: its element of `items`, and where it is in them. */
  item?: unknown;
  index?: number;
};

/** The bounds an evaluator holds each evaluation to. */
export type EvaluationLimits = {
  /** How long one evaluation may run. */
  timeLimitMs: number;
  /** The largest result, in bytes of JSON; also the longest string or array made on the way. */
  maxOutputBytes: number;
};

/**
 * The value as JSON (undefined when the expression selects nothing), or why there is none. JSON
 * keeps what a step output keeps, and was measured where it was made.
 */
export type EvaluationOutcome =
  { json: string | undefined } | { code: ExpressionErrorCode; message: string };

/**
 * What an expression is evaluated over: a process's context, or any other JSON object (a webhook's
 * body, for an endpoint's filter).
 */
export type ExpressionInput = ExpressionContext | Record<string, unknown>;

export type { SchemaFault } from '../../../domain/catalog/dataSchema.js';

/**
 * The work an evaluator does: an expression over its input, or a value checked against a schema
 * (its outcome's JSON the value's first `maxFaults` faults, none when it is valid). `applications`
 * is the schema's along one path of a value (see schemaApplications), by which the evaluator
 * knows what the check may cost.
 */
export type EvaluatorWork =
  | { kind: 'expression'; source: string; context: ExpressionInput }
  | {
      kind: 'schema';
      /** Names the schema (see workKeys): evaluators keep schemas compiled by it. */
      key: string;
      schema: Record<string, unknown>;
      /** The value as JSON: cheaper to send than the value itself, and no larger. */
      valueJson: string;
      applications: number;
      depth: number;
      maxFaults: number;
    };

/** `timeLimitMs`, when given, replaces the evaluator's own for this job. */
export type ToEvaluator = { id: number; work: EvaluatorWork; timeLimitMs?: number };
export type FromEvaluator = { ready: true } | ({ id: number } & EvaluationOutcome);
