import { payloadFault } from '../../domain/processes/instance/payloadBounds.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { firstStep } from '../../domain/processes/execution/stepGraph.js';
import {
  instanceDecider,
  instanceStream,
} from '../../domain/processes/instance/processInstance.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { ParentRef } from '../../domain/processes/instance/instanceEvents.js';
import type { DomainError, FieldFault } from '../../domain/shared/errors.js';
import { domainError } from '../../domain/shared/errors.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';
import type { RunnableVersion } from './definitions.js';
import type { SchemaFault } from './schemaChecks.js';
import { checkValue } from './schemaChecks.js';

export type InstanceStart = {
  version: RunnableVersion;
  merchantId: string;
  inputs: Record<string, unknown>;
  startSource: Record<string, unknown>;
  replayOf: string | null;
  /** A child instance: the `call` that starts it, and how deep it is. */
  lineage?: { parent: ParentRef; depth: number };
};

declare const checked: unique symbol;
/** A start whose input passed its version's schema: only `checkStart` makes one. */
export type CheckedStart = InstanceStart & { readonly [checked]: true };

/** The faults as the API's, paths under `input` as the caller wrote them. */
const inputFaults = (faults: readonly SchemaFault[]): FieldFault[] =>
  faults.map((fault) => ({
    path: ['input', ...fault.instancePath.split('/').slice(1)].join('.'),
    message: fault.message ?? 'is not valid',
  }));

/**
 * Checks the input against the version's schema, once (see schemaChecks): `input_invalid` with
 * each fault.
 */
export const checkStart = async (
  start: InstanceStart,
): Promise<Either<DomainError, CheckedStart>> => {
  const { version } = start;
  // The size first: validating a payload no instance may keep would only cost time.
  const tooLarge = payloadFault(start.inputs, 'input', 'The input');
  if (tooLarge) return left(tooLarge);
  const faults = await checkValue(start.merchantId, version.inputSchema, start.inputs);
  if (faults.length === 0) return right(start as CheckedStart);
  return left(
    domainError(
      'input_invalid',
      `The input does not match the schema of ${version.body.id} v${version.version}.`,
      inputFaults(faults),
    ),
  );
};

/** Creates the instance of a checked start. The executor takes it from its `created` event. */
export const startInstance = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  start: CheckedStart,
  metadata: EventMetadata,
  instanceId: string,
): Promise<Either<DomainError, Position | undefined>> => {
  const result = await handleCommand(
    services.eventStore,
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
      ...start.lineage,
      now: services.now().toISOString(),
    },
    metadata,
    { expectNew: true },
  );
  return isLeft(result) ? result : right(result.right.position);
};
