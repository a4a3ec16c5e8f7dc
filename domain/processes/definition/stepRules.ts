import { isBuiltInType, isExtensionType, isPublishable } from '../../catalog/eventCatalog.js';
import { HEADER_NAME, HEADER_VALUE, UNSENDABLE_HEADERS } from '../../shared/headerFields.js';
import type { ChoiceBranch, Step, StepType } from '../stepLanguage.js';
import { DEFINITION_ID_PATTERN, HTTP_METHODS, STEP_TYPES } from '../stepLanguage.js';
import { expression } from './expressions.js';
import type { StepIds } from './stepRecovery.js';
import { catches, deadline, MAX_DELAY_MS, retry, stepRef } from './stepRecovery.js';
import type { Faults, JsonObject, Reader } from './fields.js';
import {
  boolean,
  integer,
  isJsonObject,
  list,
  object,
  oneOf,
  optional,
  pathOf,
  present,
  refuseUnknownFields,
  required,
  text,
} from './fields.js';

export const STEP_ID_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
export const FAIL_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_HTTP_TIMEOUT_MS = 60_000;

const COMMON_FIELDS = ['id', 'type', 'name', 'visible', 'if', 'next', 'catch', 'retry'] as const;

/**
 * A process emits built-in and `extension.*` types. Registered types are published through the
 * API, which checks their data against their schema; a definition is read without the catalog.
 */
const eventType: Reader<string> = (value, path, faults) => {
  if (typeof value !== 'string' || !(isBuiltInType(value) || isExtensionType(value))) {
    faults.push({ path, message: 'must be an event type of the catalog or an extension.* type' });
    return undefined;
  }
  // Test deliveries are asked for through the webhooks API, never published by a process.
  if (value === 'webhook.test') {
    faults.push({ path, message: 'webhook.test is not published by processes' });
    return undefined;
  }
  return value;
};

/** Any type an event may be published with: registered types too, and `extension.*`. */
const awaitableType: Reader<string> = (value, path, faults) => {
  if (typeof value === 'string' && isPublishable(value)) return value;
  faults.push({ path, message: 'must be the name of an event type' });
  return undefined;
};

/** An absolute http(s) URL; whether plain http and private hosts are allowed is decided per call. */
const httpUrl: Reader<string> = (value, path, faults) => {
  if (typeof value === 'string' && URL.canParse(value)) {
    const { protocol } = new URL(value);
    if (protocol === 'https:' || protocol === 'http:') return value;
  }
  faults.push({ path, message: 'must be an absolute http or https URL' });
  return undefined;
};

/**
 * A call's headers, refused here when the call could never send them rather than failing at each
 * run: a name that is not an HTTP token or that the HTTP client will not send, a value with a
 * line break or another control character. A fault names the header, never its value (a
 * credential, often).
 */
const headers: Reader<Record<string, string>> = (value, path, faults) => {
  if (!isJsonObject(value)) {
    faults.push({ path, message: 'must be an object of string values' });
    return undefined;
  }
  const found = faults.length;
  for (const [name, header] of Object.entries(value)) {
    const at = pathOf(path, name);
    if (!HEADER_NAME.test(name)) faults.push({ path: at, message: 'is not a valid header name' });
    else if (UNSENDABLE_HEADERS.has(name.toLowerCase()))
      faults.push({ path: at, message: 'is a header the HTTP client does not send' });
    else if (typeof header !== 'string') faults.push({ path: at, message: 'must be a string' });
    else if (!HEADER_VALUE.test(header))
      faults.push({
        path: at,
        message: 'holds a character a header cannot carry (a line break or a control character)',
      });
  }
  return faults.length === found ? { ...(value as Record<string, string>) } : undefined;
};

const branch =
  (ids: StepIds): Reader<ChoiceBranch> =>
  (value, path, faults) => {
    const found = object(['when', 'next'])(value, path, faults);
    if (!found) return undefined;
    const when = required(found, 'when', path, faults, expression);
    const next = required(found, 'next', path, faults, stepRef(ids));
    return when === undefined || next === undefined ? undefined : { when, next };
  };

/** Reads a list of steps nested in a `parallel` branch or a `map`: given by the list's reader. */
export type NestedLists = (
  value: unknown,
  path: string,
  within: 'parallel' | 'map',
) => Step[] | undefined;

type OwnFields = {
  fields: readonly string[];
  read: (
    step: JsonObject,
    path: string,
    faults: Faults,
    ids: StepIds,
    nested: NestedLists,
  ) => JsonObject;
};

export const MAX_BRANCHES = 10;
export const MAX_MAP_CONCURRENCY = 32;

/** Each type's own fields, beside the common ones. */
const OWN_FIELDS: Record<StepType, OwnFields> = {
  transform: {
    fields: ['value'],
    read: (s, p, f) => ({ value: required(s, 'value', p, f, expression) }),
  },
  emit: {
    fields: ['event_type', 'data'],
    read: (s, p, f) => ({
      event_type: required(s, 'event_type', p, f, eventType),
      data: required(s, 'data', p, f, expression),
    }),
  },
  delay: {
    fields: ['duration_ms'],
    read: (s, p, f) => ({
      duration_ms: required(s, 'duration_ms', p, f, integer(1, MAX_DELAY_MS)),
    }),
  },
  user_action: {
    fields: ['action', 'timeout_ms', 'on_timeout'],
    read: (s, p, f, ids) => ({
      action: optional(s, 'action', p, f, text()),
      ...deadline(s, p, f, ids),
    }),
  },
  approval: {
    fields: ['timeout_ms', 'on_timeout'],
    read: (s, p, f, ids) => deadline(s, p, f, ids),
  },
  choice: {
    fields: ['branches', 'otherwise'],
    read: (s, p, f, ids) => {
      // A choice goes where its branches say; a `next` beside them would be a second answer.
      if (s.next !== undefined)
        f.push({
          path: pathOf(p, 'next'),
          message: 'is not allowed on a choice step: use otherwise',
        });
      return {
        branches: required(s, 'branches', p, f, list(branch(ids))),
        otherwise: optional(s, 'otherwise', p, f, stepRef(ids)),
      };
    },
  },
  http: {
    fields: ['method', 'url', 'body', 'headers', 'timeout_ms'],
    read: (s, p, f) => ({
      method: required(s, 'method', p, f, oneOf(HTTP_METHODS)),
      url: required(s, 'url', p, f, httpUrl),
      body: optional(s, 'body', p, f, expression),
      headers: optional(s, 'headers', p, f, headers),
      timeout_ms: optional(s, 'timeout_ms', p, f, integer(1, MAX_HTTP_TIMEOUT_MS)),
    }),
  },
  fail: {
    fields: ['code', 'message'],
    read: (s, p, f) => ({
      code: required(s, 'code', p, f, text({ pattern: FAIL_CODE_PATTERN })),
      message: optional(s, 'message', p, f, text()),
    }),
  },
  succeed: { fields: [], read: () => ({}) },
  wait_for_event: {
    fields: ['event_type', 'match', 'timeout_ms', 'on_timeout'],
    read: (s, p, f, ids) => ({
      event_type: required(s, 'event_type', p, f, awaitableType),
      match: required(s, 'match', p, f, expression),
      ...deadline(s, p, f, ids),
    }),
  },
  call: {
    fields: ['process_id', 'input'],
    read: (s, p, f) => ({
      process_id: required(s, 'process_id', p, f, text({ pattern: DEFINITION_ID_PATTERN })),
      input: required(s, 'input', p, f, expression),
    }),
  },
  parallel: {
    fields: ['branches'],
    read: (s, p, f, _ids, nested) => ({
      branches: required(s, 'branches', p, f, (value, path, faults) => {
        if (!Array.isArray(value) || value.length < 2 || value.length > MAX_BRANCHES) {
          faults.push({ path, message: `must be a list of 2 to ${MAX_BRANCHES} branches` });
          return undefined;
        }
        const branches = value.map((branch: unknown, i) => {
          const at = pathOf(path, i);
          const found = object(['steps'])(branch, at, faults);
          const steps =
            found &&
            required(found, 'steps', at, faults, (list, listPath) =>
              nested(list, listPath, 'parallel'),
            );
          return steps && { steps };
        });
        return branches.every((branch) => branch !== undefined) ? branches : undefined;
      }),
    }),
  },
  map: {
    fields: ['items', 'steps', 'max_concurrency'],
    read: (s, p, f, _ids, nested) => ({
      items: required(s, 'items', p, f, expression),
      steps: required(s, 'steps', p, f, (list, listPath) => nested(list, listPath, 'map')),
      max_concurrency: optional(s, 'max_concurrency', p, f, integer(1, MAX_MAP_CONCURRENCY)),
    }),
  },
};

/**
 * Reads the step at `path` (`steps.2`, `steps.2.branches.0.steps.1`). What it gives back is a whole step only when it found no
 * fault; the caller refuses the definition otherwise. Undefined: not even an object of a known type.
 */
export const readStep = (
  value: unknown,
  path: string,
  ids: StepIds,
  faults: Faults,
  nested: NestedLists,
): Step | undefined => {
  if (!isJsonObject(value)) {
    faults.push({ path, message: 'must be an object' });
    return undefined;
  }
  const id = required(value, 'id', path, faults, text({ pattern: STEP_ID_PATTERN }));
  const type = required(value, 'type', path, faults, oneOf(STEP_TYPES));
  const common = {
    id,
    type,
    name: optional(value, 'name', path, faults, text()),
    visible: optional(value, 'visible', path, faults, boolean),
    if: optional(value, 'if', path, faults, expression),
    next: type === 'choice' ? undefined : optional(value, 'next', path, faults, stepRef(ids)),
    catch: optional(value, 'catch', path, faults, catches(ids)),
    retry: optional(value, 'retry', path, faults, retry),
  };
  // Without a known type there is no telling which other fields belong: they are not judged.
  if (type === undefined) return undefined;
  const own = OWN_FIELDS[type];
  const fields = own.read(value, path, faults, ids, nested);
  refuseUnknownFields(value, [...COMMON_FIELDS, ...own.fields], path, faults);
  return present({ ...common, ...fields }) as Step;
};
