/**
 * The process that does evaluators' work for evaluator.ts, one job at a time: each expression it
 * is sent is evaluated under its guard and bounds, each schema check run, and the outcome goes back
 * with the job's number.
 */
import type { EvaluationLimits, FromEvaluator, ToEvaluator } from './evaluationJob.js';
import { evaluateGuarded } from './guardedEvaluation.js';
import { checkSchemaHere } from './schemaEvaluation.js';

const limits = JSON.parse(process.argv[2] ?? '{}') as EvaluationLimits;

// A channel closed under a reply means the service has gone: there is no one to tell.
const reply = (message: FromEvaluator) => process.send?.(message, undefined, {}, () => undefined);

process.on('message', ({ id, work, timeLimitMs }: ToEvaluator) => {
  if (work.kind === 'schema') return void checkSchemaHere(work).then((o) => reply({ id, ...o }));
  const bounds = { ...limits, timeLimitMs: timeLimitMs ?? limits.timeLimitMs };
  void evaluateGuarded(work.source, work.context, bounds).then((outcome) =>
    reply({ id, ...outcome }),
  );
});
// The service's end closes the channel, even when it was killed: this process ends with it.
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
