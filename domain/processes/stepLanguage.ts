/**
 * The process step language (PRODUCT.md 4): what a published definition version says. Expressions
 * are JSONata source text, evaluated over `{ input, steps: { <step id>: <output> }, instance }`.
 * These types describe a definition that has passed validation; the raw body a caller sends is
 * checked against them by `parseDefinition`.
 */
export type Expression = string;

export const STEP_TYPES = [
  'transform',
  'emit',
  'delay',
  'user_action',
  'approval',
  'choice',
  'http',
  'fail',
  'succeed',
  'wait_for_event',
  'call',
  'parallel',
  'map',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type StepBase = {
  id: string;
  name?: string;
  /** Hidden steps run like the others but are not listed on the instance. Default true. */
  visible?: boolean;
  /** When it evaluates to false the step is `skipped`. */
  if?: Expression;
  /** The step to run after this one; default: the next in the list (none after the last). */
  next?: string;
  /**
   * Where the instance goes when the step fails with one of the codes (`*`: any), rather than
   * fail: the first clause that names the code wins; the error is at `steps.<id>.error`.
   */
  catch?: CatchClause[];
  /** Runs the step again, after a growing pause, when it fails with one of the codes. */
  retry?: StepRetry;
};

export type CatchClause = { on: string[]; next: string };
/**
 * `max_attempts` counts the first; the n-th pause is `backoff_ms * backoff_rate^(n-1)`, waited on
 * the durable timer. `on` absent: every code a catch could take.
 */
export type StepRetry = {
  max_attempts: number;
  backoff_ms: number;
  backoff_rate?: number;
  on?: string[];
};

export type TransformStep = StepBase & { type: 'transform'; value: Expression };
export type EmitStep = StepBase & { type: 'emit'; event_type: string; data: Expression };
export type DelayStep = StepBase & { type: 'delay'; duration_ms: number };
/**
 * A person's step may wait at most `timeout_ms`: past it, the instance goes to `on_timeout`
 * (escalation), or fails with code `timeout`.
 */
type Deadline = { timeout_ms?: number; on_timeout?: string };
export type UserActionStep = StepBase & Deadline & { type: 'user_action'; action?: string };
export type ApprovalStep = StepBase & Deadline & { type: 'approval' };
export type ChoiceBranch = { when: Expression; next: string };
export type ChoiceStep = StepBase & {
  type: 'choice';
  branches: ChoiceBranch[];
  /** Where to go when no branch matches; without it, the step after the choice. */
  otherwise?: string;
};
export type HttpStep = StepBase & {
  type: 'http';
  method: HttpMethod;
  url: string;
  body?: Expression;
  headers?: Record<string, string>;
  timeout_ms?: number;
};
export type FailStep = StepBase & { type: 'fail'; code: string; message?: string };
export type SucceedStep = StepBase & { type: 'succeed' };
/**
 * Waits for a business event of `event_type` published for the instance's merchant after the step
 * started, which `match` (over the context and `event`) accepts; its output is that event.
 */
export type WaitForEventStep = StepBase &
  Deadline & { type: 'wait_for_event'; event_type: string; match: Expression };
/** Runs the active version of another definition for the same merchant, and waits for its end. */
export type CallStep = StepBase & { type: 'call'; process_id: string; input: Expression };
/**
 * Runs every branch at once (each a list of steps whose `next` stays inside it); the output is the
 * array of the branches' last outputs, in branch order. The first branch to fail fails the step.
 */
export type ParallelStep = StepBase & { type: 'parallel'; branches: Array<{ steps: Step[] }> };
/**
 * Runs `steps` once per element of `items` (with `item` and `index` in the context), at most
 * `max_concurrency` at once; the output is the array of the runs' last outputs, in input order.
 */
export type MapStep = StepBase & {
  type: 'map';
  items: Expression;
  steps: Step[];
  max_concurrency?: number;
};

export type Step =
  | TransformStep
  | EmitStep
  | DelayStep
  | UserActionStep
  | ApprovalStep
  | ChoiceStep
  | HttpStep
  | FailStep
  | SucceedStep
  | WaitForEventStep
  | CallStep
  | ParallelStep
  | MapStep;

/** The body of one definition version, as published. */
export type DefinitionBody = {
  id: string;
  name: string;
  description: string | null;
  /** JSON Schema 2020-12 that a run's `input` must satisfy. */
  input_schema: Record<string, unknown>;
  steps: Step[];
  /** The expression giving the instance's result; null: no output. */
  output: Expression | null;
};

export const DEFINITION_ID_PATTERN = /^[a-z][a-z0-9_.-]{0,63}$/;
