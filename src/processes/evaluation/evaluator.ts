import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type {
  EvaluationLimits,
  EvaluationOutcome,
  EvaluatorWork,
  FromEvaluator,
  ToEvaluator,
} from './evaluationJob.js';

const PROGRAM = fileURLToPath(new URL('./evaluatorProcess.js', import.meta.url));
/**
 * Evaluators run at a lower priority than the service (a higher nice value): on a machine with
 * few cores, expressions that spin to their time limit take what the service leaves, not what
 * it needs to answer.
 */
const NICENESS = 10;

export type EvaluatorOptions = EvaluationLimits & {
  /** The heap the evaluator may use; a larger need ends it. */
  memoryMb: number;
};

/** How an evaluator ended: `signal` set when it was killed, or aborted on running out of memory. */
export type EvaluatorEnd = { code: number | null; signal: NodeJS.Signals | null };

export type Evaluator = {
  /** Settles once the evaluator can take a job; rejects should it end first. */
  ready: Promise<void>;
  /** Settles when the evaluator has ended, however it ended. */
  ended: Promise<EvaluatorEnd>;
  /** False from the moment it ended, before `ended` is told. */
  alive: () => boolean;
  /**
   * One job at a time, held to `timeLimitMs` when given (else to the evaluator's own limit).
   * Never settles if the evaluator ends during it: watch `ended`.
   */
  evaluate: (work: EvaluatorWork, timeLimitMs?: number) => Promise<EvaluationOutcome>;
  kill: () => void;
};

/**
 * A process of its own, not a thread: V8 aborts the whole process when one allocation passes a
 * thread's heap limit by more than the little Node grants it (`[1..10000000]` does, in a 64 MB
 * thread), while a process's abort ends only that process.
 */
export const startEvaluator = (options: EvaluatorOptions): Evaluator => {
  const { memoryMb, ...limits } = options;
  const child = fork(PROGRAM, [JSON.stringify(limits)], {
    execArgv: [`--max-old-space-size=${memoryMb}`, '--max-semi-space-size=4'],
    serialization: 'advanced',
    // What V8 prints as it aborts is of no use to the service's log.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    if (child.pid !== undefined) setPriority(child.pid, NICENESS);
  } catch {
    // Not allowed here: the evaluator runs at the service's own priority.
  }
  let alive = true;
  let onEnd: (end: EvaluatorEnd) => void = () => undefined;
  const ended = new Promise<EvaluatorEnd>((resolve) => (onEnd = resolve));
  const end = (how: EvaluatorEnd) => {
    alive = false;
    onEnd(how);
  };
  child.once('exit', (code, signal) => end({ code, signal }));
  child.once('error', () => end({ code: null, signal: null }));

  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    void ended.then(() => reject(new Error('The expression evaluator ended as it started.')));
  });
  ready.catch(() => undefined);
  let waiting: { id: number; resolve: (outcome: EvaluationOutcome) => void } | undefined;
  child.on('message', (message: FromEvaluator) => {
    if ('ready' in message) {
      // Idle, an evaluator must not keep the service's process alive; it is started only for
      // work waiting, and keeps the process alive until it can take it, as it would in-process.
      hold(false);
      return onReady();
    }
    if (message.id !== waiting?.id) return;
    const outcome: EvaluationOutcome =
      'json' in message ? { json: message.json } : { code: message.code, message: message.message };
    const { resolve } = waiting;
    waiting = undefined;
    hold(false);
    resolve(outcome);
  });
  /** Whether the evaluator keeps the service's process alive (its channel, and its end). */
  const hold = (held: boolean) => {
    if (held) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };

  let next = 0;
  return {
    ready,
    ended,
    alive: () => alive,
    evaluate: (work, timeLimitMs) =>
      new Promise<EvaluationOutcome>((resolve) => {
        const id = next++;
        waiting = { id, resolve };
        // A job under way keeps the process alive until it is answered, as it would in-process.
        hold(true);
        const job: ToEvaluator = { id, work, ...(timeLimitMs && { timeLimitMs }) };
        child.send(job, undefined, {}, () => undefined);
      }),
    kill: () => {
      // Whoever kills an evaluator waits for its end.
      hold(true);
      child.kill('SIGKILL');
    },
  };
};
