/**
 * The process that evaluates expressions for evaluator.ts, one at a time: each job it is sent is
 * evaluated under its guard and bounds, and the outcome goes back with the job's number.
 */
import type { EvaluationLimits, FromEvaluator, ToEvaluator } from './evaluationJob.js';
import { evaluateGuarded } from './guardedEvaluation.js';

const limits = JSON.parse(process.argv[2] ?? '{}') as EvaluationLimits;

// A channel closed under a reply means the service has gone: there is no one to tell.
const reply = (message: FromEvaluator) => process.send?.(message, undefined, {}, () => undefined);

process.on('message', (job: ToEvaluator) => {
  const timeLimitMs = job.timeLimitMs ?? limits.timeLimitMs;
  void evaluateGuarded(job.source, job.context, { ...limits, timeLimitMs }).then((outcome) =>
    reply({ id: job.id, ...outcome }),
  );
});
// The service's end closes the channel, even when it was killed: this process ends with it.
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
