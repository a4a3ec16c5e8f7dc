import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { DefinitionBody } from '../../domain/processes/stepLanguage.js';
import type { DomainError, FieldFault } from '../../domain/shared/errors.js';
import { domainError } from '../../domain/shared/errors.js';
import type { Definitions } from './definitions.js';

/**
 * A `call` must name a definition that exists when its caller is published (or the caller itself:
 * a process may call itself, to the depth limit). Whether it has an active version is judged when
 * the call runs: a definition may be activated, or deactivated, after its callers are published.
 */
export const checkCalledDefinitions = async (
  definitions: Pick<Definitions, 'definition'>,
  body: DefinitionBody,
): Promise<Either<DomainError, DefinitionBody>> => {
  const faults: FieldFault[] = [];
  for (const [index, step] of body.steps.entries()) {
    if (step.type !== 'call' || step.process_id === body.id) continue;
    if (!(await definitions.definition(step.process_id)))
      faults.push({
        path: `steps.${index}.process_id`,
        message: `names no process definition: ${step.process_id}`,
      });
  }
  return faults.length === 0
    ? right(body)
    : left(domainError('validation_failed', 'The process definition is invalid.', faults));
};
