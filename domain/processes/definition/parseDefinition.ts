import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../shared/errors.js';
import { domainError } from '../../shared/errors.js';
import type { DefinitionBody } from '../stepLanguage.js';
import { DEFINITION_ID_PATTERN } from '../stepLanguage.js';
import { expression } from './expressions.js';
import type { Faults } from './fields.js';
import { isJsonObject, optional, refuseUnknownFields, required, text } from './fields.js';
import { inputSchema } from './inputSchema.js';
import { readSteps } from './stepLists.js';

export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 1000;
export { MAX_STEPS } from './stepLists.js';

const FIELDS = ['id', 'name', 'description', 'input_schema', 'steps', 'output'];

const invalid = (faults: Faults): DomainError =>
  domainError('validation_failed', 'The process definition is invalid.', faults);

/**
 * Checks a definition as a caller sent it and gives it back normalized, or refuses it with every
 * fault at once, each at its path (`steps.2.next`). Expressions and the input schema are compiled,
 * never evaluated. `description` and `output` may be absent or null; both read back as null.
 */
export const parseDefinition = (raw: unknown): Either<DomainError, DefinitionBody> => {
  if (!isJsonObject(raw)) return left(invalid([{ path: '', message: 'must be an object' }]));
  const faults: Faults = [];
  const id = required(raw, 'id', '', faults, text({ pattern: DEFINITION_ID_PATTERN }));
  const name = required(raw, 'name', '', faults, text({ min: 1, max: MAX_NAME }));
  const description =
    raw.description === null
      ? null
      : optional(raw, 'description', '', faults, text({ max: MAX_DESCRIPTION }));
  const input_schema = required(raw, 'input_schema', '', faults, inputSchema);
  const steps = required(raw, 'steps', '', faults, readSteps);
  const output = raw.output === null ? null : optional(raw, 'output', '', faults, expression);
  refuseUnknownFields(raw, FIELDS, '', faults);

  if (
    faults.length > 0 ||
    id === undefined ||
    name === undefined ||
    input_schema === undefined ||
    steps === undefined
  ) {
    return left(invalid(faults));
  }
  return right({
    id,
    name,
    description: description ?? null,
    input_schema,
    steps,
    output: output ?? null,
  });
};
