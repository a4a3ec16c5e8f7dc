import { MAX_PAYLOAD_BYTES } from '../../../domain/events/businessEvent.js';
import type {
  EvaluationOutcome,
  EvaluatorWork,
  ExpressionContext,
  ExpressionInput,
  SchemaFault,
} from './evaluationJob.js';
import type { Evaluator, EvaluatorEnd } from './evaluator.js';
import { startEvaluator } from './evaluator.js';
import { ExpressionError } from './expressionError.js';
import { merchantQueues } from './merchantQueues.js';
import { heldWork } from './heldWork.js';

export type ExpressionPoolOptions = {
  /** Evaluators at most, each a process, started as work comes. */
  evaluators?: number;
  /** The heap each evaluator may use. */
  memoryMb?: number;
  /** How long one evaluation may run. */
  timeLimitMs?: number;
  /** The largest value an evaluation may give, in bytes of JSON. */
  maxOutputBytes?: number;
  /** The clock work that ended an evaluator is held back by (see heldWork). */
  now?: () => number;
};

export type ExpressionPool = {
  /** The expression's value; rejects with an ExpressionError when the expression is at fault. */
  evaluate: (source: string, context: ExpressionContext) => Promise<unknown>;
  /**
   * The same, over any input, for a merchant (whose turn it waits for), held to `timeLimitMs`
   * when given rather than to the pool's limit.
   */
  evaluateFor: (
    merchantId: string,
    source: string,
    input: ExpressionInput,
    timeLimitMs?: number,
  ) => Promise<unknown>;
  /**
   * The faults of a value under a schema, checked in an evaluator for a merchant (whose turn it
   * waits for) and held to `timeLimitMs`; rejects with an ExpressionError when the check could
   * not be done within the evaluator's bounds.
   */
  checkFor: (
    merchantId: string,
    work: Extract<EvaluatorWork, { kind: 'schema' }>,
    timeLimitMs?: number,
  ) => Promise<SchemaFault[]>;
  /** Ends the evaluators; what was asked and not answered rejects with a plain Error. */
  close: () => Promise<void>;
};

/**
 * An evaluation's guard stops it at the time limit between two of its nodes; one stuck inside a
 * single node is killed this much later (or its own time limit later, if shorter), with its
 * evaluator.
 */
const KILL_GRACE_MS = 250;
/** Signals a process ends with when V8 aborts it, as it does on running out of memory. */
const ABORTED: ReadonlySet<string> = new Set(['SIGABRT', 'SIGTRAP', 'SIGSEGV', 'SIGILL']);

type Job = {
  merchantId: string;
  work: EvaluatorWork;
  /** What the work is told by in errors: the expression's source, or the schema's key. */
  source: string;
  timeLimitMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

const settle = (job: Job, outcome: EvaluationOutcome): void => {
  if ('code' in outcome) job.reject(new ExpressionError(job.source, outcome.message, outcome.code));
  else job.resolve(outcome.json === undefined ? undefined : (JSON.parse(outcome.json) as unknown));
};

/** Why an evaluator ended under a job: killed for its time, out of memory, or otherwise. */
const endedUnder = (job: Job, end: EvaluatorEnd, killed: boolean): ExpressionError => {
  if (killed)
    return new ExpressionError(
      job.source,
      `the expression ran over ${job.timeLimitMs} ms`,
      'expression_timeout',
    );
  const how = end.signal ?? `code ${end.code}`;
  if ((end.signal && ABORTED.has(end.signal)) || end.code === 134)
    return new ExpressionError(
      job.source,
      `the expression ran out of memory (its evaluator ended with ${how})`,
      'expression_memory',
    );
  return new ExpressionError(job.source, `the expression's evaluator ended with ${how}`);
};

/** Kills the evaluator once the job has run past its time limit and the grace after it. */
const watchdog = (evaluator: Evaluator, timeLimitMs: number) => {
  const watch = { killed: false, stop: () => clearTimeout(timer) };
  const timer = setTimeout(
    () => {
      watch.killed = true;
      evaluator.kill();
    },
    timeLimitMs + Math.min(KILL_GRACE_MS, timeLimitMs),
  );
  timer.unref();
  return watch;
};

/** The job's outcome from the evaluator, or the error it ended with under the job. */
const ask = async (
  evaluator: Evaluator,
  job: Job,
): Promise<EvaluationOutcome | { ended: ExpressionError }> => {
  const watch = watchdog(evaluator, job.timeLimitMs);
  try {
    const outcome = await Promise.race([
      evaluator.evaluate(job.work, job.timeLimitMs),
      evaluator.ended.then((end) => ({ end })),
    ]);
    return 'end' in outcome ? { ended: endedUnder(job, outcome.end, watch.killed) } : outcome;
  } finally {
    watch.stop();
  }
};

/**
 * Evaluates definitions' expressions and endpoints' filters off the event loop, in a few processes
 * of their own, each held to a time and a memory limit: a runaway expression costs its own
 * instance (or event) a failure and its evaluator a restart, never the service its event loop or
 * its life. Merchants are served in turn, so one merchant's runaway expressions do not make
 * another's wait behind them. Evaluators are started as work comes, up to the bound, and one that
 * dies under a job is replaced at once; the work that ended it is held back a while for its
 * merchant (see heldWork), so that one merchant cannot make the service start evaluators without
 * end.
 */
export const expressionPool = (options: ExpressionPoolOptions = {}): ExpressionPool => {
  const evaluators = options.evaluators ?? 2;
  const limits = {
    memoryMb: options.memoryMb ?? 64,
    timeLimitMs: options.timeLimitMs ?? 1_000,
    maxOutputBytes: options.maxOutputBytes ?? MAX_PAYLOAD_BYTES,
  };
  const queues = merchantQueues<Job>();
  const held = heldWork(options.now);
  /** Every evaluator not yet ended: starting, idle or busy. */
  const live = new Set<Evaluator>();
  const idle: Evaluator[] = [];
  let starting = 0;
  let closed: string | undefined;

  const run = async (evaluator: Evaluator, job: Job): Promise<void> => {
    try {
      const answer = await ask(evaluator, job);
      if ('ended' in answer) {
        if (closed !== undefined) return job.reject(new Error(closed));
        held.endedEvaluator(job.merchantId, job.source, answer.ended);
        job.reject(answer.ended);
        // Replaced at once, not when work next comes: the next job need not wait for a start.
        if (live.size < evaluators) start();
        return;
      }
      idle.push(evaluator);
      settle(job, answer);
    } catch (err) {
      // The job could not be handed over (it cannot be copied, say): the evaluator is not trusted.
      evaluator.kill();
      job.reject(err instanceof Error ? err : new Error(String(err)));
    }
    pump();
  };

  const start = (): void => {
    const evaluator = startEvaluator({ ...limits });
    live.add(evaluator);
    starting++;
    void evaluator.ended.then(() => {
      live.delete(evaluator);
      const at = idle.indexOf(evaluator);
      if (at >= 0) idle.splice(at, 1);
      pump();
    });
    evaluator.ready.then(
      () => {
        starting--;
        idle.push(evaluator);
        pump();
      },
      (err: Error) => {
        starting--;
        // Not the expressions' fault: they fail as the service's own error, to be run again
        // later, and no evaluator is started again until more work comes.
        for (const job of queues.drain()) job.reject(err);
      },
    );
  };

  const pump = (): void => {
    if (closed !== undefined) return;
    while (queues.size > 0 && idle.length > 0) {
      const evaluator = idle.pop()!;
      // One that ended while idle is about to be forgotten: no job is handed to it.
      if (evaluator.alive()) void run(evaluator, queues.take()!);
    }
    while (queues.size > starting && live.size < evaluators) start();
  };

  const runFor = (merchantId: string, work: EvaluatorWork, timeLimitMs?: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed !== undefined) return reject(new Error(closed));
      const source = work.kind === 'expression' ? work.source : work.key;
      const holding = held.heldBack(merchantId, source);
      if (holding) return reject(holding);
      const job = { merchantId, work, source, timeLimitMs: timeLimitMs ?? limits.timeLimitMs };
      queues.push(merchantId, { ...job, resolve, reject });
      pump();
    });
  const evaluateFor: ExpressionPool['evaluateFor'] = (merchantId, source, context, timeLimitMs) =>
    runFor(merchantId, { kind: 'expression', source, context }, timeLimitMs);

  return {
    evaluate: (source, context) => evaluateFor(context.instance.merchant_id, source, context),
    evaluateFor,
    checkFor: async (merchantId, work, timeLimitMs) =>
      (await runFor(merchantId, work, timeLimitMs)) as SchemaFault[],
    close: async () => {
      closed ??= 'The expression evaluators are closed.';
      for (const job of queues.drain()) job.reject(new Error(closed));
      const ending = [...live].map((evaluator) => evaluator.ended);
      for (const evaluator of live) evaluator.kill();
      await Promise.all(ending);
    },
  };
};
