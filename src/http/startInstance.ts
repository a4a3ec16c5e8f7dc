import { firstStep } from '../../domain/processes/execution/stepGraph.js';
import {
  instanceDecider,
  instanceStream,
} from '../../domain/processes/instance/processInstance.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { FieldFault } from '../../domain/shared/errors.js';
import { newId } from '../ids.js';
import { execute } from './execute.js';
import type { Services } from '../services.js';
import type { RunnableVersion } from '../processes/definitions.js';
import { HttpProblem } from './problem.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'now' | 'projector'>;

export type InstanceStart = {
  version: RunnableVersion;
  merchantId: string;
  inputs: Record<string, unknown>;
  startSource: Record<string, unknown>;
  replayOf: string | null;
};

/** Ajv's faults as the API's, paths under `input` as the caller wrote them. */
const inputFaults = (version: RunnableVersion): FieldFault[] =>
  (version.validateInput.errors ?? []).map((error) => ({
    path: ['input', ...error.instancePath.split('/').slice(1)].join('.'),
    message: error.message ?? 'is not valid',
  }));

/** Refuses an input that fails the version's schema (422 `input_invalid`). */
export const checkInput = (version: RunnableVersion, inputs: Record<string, unknown>): void => {
  if (!version.validateInput(inputs)) {
    throw new HttpProblem(
      'input_invalid',
      `The input does not match the schema of ${version.body.id} v${version.version}.`,
      inputFaults(version),
    );
  }
};

/**
 * Validates the input against the version's schema and creates the instance; nothing is created
 * when the input fails. The executor takes the instance from its `created` event.
 */
export const startInstance = async (
  services: Needs,
  start: InstanceStart,
  metadata: EventMetadata,
  instanceId: string = newId('pi'),
): Promise<string> => {
  checkInput(start.version, start.inputs);
  await execute(
    services,
    instanceDecider,
    instanceStream(instanceId),
    {
      type: 'create_instance',
      instance_id: instanceId,
      merchant_id: start.merchantId,
      definition: { id: start.version.body.id, version: start.version.version },
      inputs: start.inputs,
      start_source: start.startSource,
      replay_of: start.replayOf,
      first_step: firstStep(start.version.body),
      now: services.now().toISOString(),
    },
    metadata,
  );
  return instanceId;
};
