import { Worker } from 'node:worker_threads';

export type TimedValidation = {
  valid: boolean;
  errors: Array<{ instancePath: string; message?: string }>;
  /** How long the validation itself took, compilation aside. */
  ms: number;
};

const INPUT_SCHEMA = new URL('../../../domain/processes/definition/inputSchema.js', import.meta.url)
  .href;

/** Compiles the schema once, then validates each input in turn and posts each outcome. */
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(({ compileInputSchema }) => {
  const validate = compileInputSchema(workerData.schema);
  for (const input of workerData.inputs) {
    const started = performance.now();
    const valid = validate(input);
    const ms = performance.now() - started;
    parentPort.postMessage({ valid, errors: validate.errors ?? [], ms });
  }
});
`;

/**
 * Validates each input against an input schema in a worker thread. A backtracking validation holds
 * its thread for minutes: run here, it would hang the test run instead of failing it. The worker is
 * ended once `deadlineMs` has passed (its start and Ajv's compilation count), and the call fails
 * naming the first input that did not finish.
 */
export const validateInWorker = async (
  schema: Record<string, unknown>,
  inputs: unknown[],
  deadlineMs = 10_000,
): Promise<TimedValidation[]> => {
  const worker = new Worker(SCRIPT, {
    eval: true,
    workerData: { module: INPUT_SCHEMA, schema, inputs },
  });
  const results: TimedValidation[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`input ${results.length} was not validated within ${deadlineMs} ms`)),
        deadlineMs,
      );
      worker.on('message', (result: TimedValidation) => {
        results.push(result);
        if (results.length === inputs.length) {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return results;
  } finally {
    await worker.terminate();
  }
};
