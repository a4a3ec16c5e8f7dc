import jsonata from 'jsonata';
import { expression } from '../processes/definition/expressions.js';
import type { DomainError, FieldFault } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';

/** Longer than any filter a merchant needs; a bound on what planning keeps compiled. */
export const MAX_FILTER_LENGTH = 4096;

/** How an endpoint's messages are sent: side by side, or one at a time in the log's order. */
export const ORDERINGS = ['unordered', 'fifo'] as const;
export type EndpointOrdering = (typeof ORDERINGS)[number];

/** jsonata throws plain objects with a `message` and, for syntax errors, a `position`. */
type JsonataFault = { message?: unknown; position?: unknown };

/** A syntax error, with the position jsonata gives it (the character it stopped at). */
const syntaxError = (message: string, position: number | undefined): DomainError => {
  const at = position === undefined ? '' : ` at position ${position}`;
  const fault: FieldFault = {
    path: 'filter',
    message,
    ...(position !== undefined && { position }),
  };
  return domainError('invalid_filter', `The filter does not compile${at}: ${message}.`, [fault]);
};

/**
 * A filter is null (every event the endpoint subscribes to) or a JSONata expression over the
 * delivered body, which must compile when it is set, so that a typo is refused with its position
 * instead of silently dropping every event. Its regexes must compile for the linear-time engine,
 * as a definition's do. Compiling evaluates nothing.
 */
export const checkFilter = (filter: string | null): DomainError | undefined => {
  if (filter === null) return undefined;
  if (filter.trim() === '' || filter.length > MAX_FILTER_LENGTH) {
    const message = `must be null or a JSONata expression of 1 to ${MAX_FILTER_LENGTH} characters`;
    return domainError('validation_failed', `The filter ${message}.`, [
      { path: 'filter', message },
    ]);
  }
  try {
    jsonata(filter);
  } catch (error) {
    const { message, position } = error as JsonataFault;
    return syntaxError(
      String(message ?? error),
      typeof position === 'number' ? position : undefined,
    );
  }
  const faults: FieldFault[] = [];
  expression(filter, 'filter', faults);
  return faults.length > 0
    ? domainError('invalid_filter', `The filter ${faults[0]!.message}.`, faults)
    : undefined;
};

export const checkOrdering = (ordering: string): FieldFault[] =>
  (ORDERINGS as readonly string[]).includes(ordering)
    ? []
    : [{ path: 'ordering', message: `must be one of ${ORDERINGS.join(', ')}` }];
