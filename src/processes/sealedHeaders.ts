import { REDACTED } from '../../domain/audit/redaction.js';
import { definitionStream } from '../../domain/processes/definition/processDefinition.js';
import { mapHeaderValues } from '../../domain/processes/definition/stepHeaders.js';
import type { Step } from '../../domain/processes/stepLanguage.js';
import type { SecretBox } from '../secrets/secretBox.js';

/*
 * The header values of a definition's http steps are where a platform puts the credentials of its
 * own services, so the log and the read models keep them sealed, like endpoint signing secrets.
 * A sealed value says so (a prefix, then the box's output): versions published before header
 * values were sealed hold them in clear, and are read as they are.
 */
const PREFIX = 'sealed:';
const SEALED = /^sealed:(?:[\w-]+:){4}[\w-]*$/;

/** Binds a sealed value to its definition, step and header: copied elsewhere, it does not open. */
const ownerOf = (definitionId: string, stepId: string, name: string): string =>
  `${definitionStream(definitionId)}/${stepId}/${name}`;

export const sealHeaders = (box: SecretBox, definitionId: string, steps: readonly Step[]): Step[] =>
  mapHeaderValues(
    steps,
    (value, stepId, name) => `${PREFIX}${box.seal(value, ownerOf(definitionId, stepId, name))}`,
  );

export const openHeaders = (box: SecretBox, definitionId: string, steps: readonly Step[]): Step[] =>
  mapHeaderValues(steps, (value, stepId, name) =>
    SEALED.test(value)
      ? box.open(value.slice(PREFIX.length), ownerOf(definitionId, stepId, name))
      : value,
  );

/** Which headers an http step sends, not what they say: for keys that may not hold credentials. */
export const redactHeaders = (steps: readonly Step[]): Step[] =>
  mapHeaderValues(steps, () => REDACTED);
