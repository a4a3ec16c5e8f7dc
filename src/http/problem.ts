import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { DomainError, FieldFault } from '../../domain/shared/errors.js';

/** Every code a problem response can carry (PRODUCT.md 2), with its status. */
export const PROBLEM_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  definition_not_active: 409,
  conflict: 409,
  data_erased: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  input_invalid: 422,
  invalid_filter_type: 422,
  invalid_filter: 422,
  unknown_event_type: 422,
  invalid_url: 422,
  invalid_header: 422,
  invalid_schema: 422,
  event_data_invalid: 422,
  idempotency_key_reused: 422,
  limit_reached: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

const TITLES: Record<ProblemCode, string> = {
  validation_failed: 'The request is not valid',
  unauthorized: 'Authentication is required',
  forbidden: 'This key may not do that',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  definition_not_active: 'The process definition has no active version',
  conflict: 'The resource does not allow this now',
  data_erased: 'The event’s payload was erased or has expired',
  payload_too_large: 'The request body is too large',
  unsupported_media_type: 'The request body must be JSON',
  headers_too_large: 'The request line or headers are too large',
  input_invalid: 'The process input does not match the definition',
  invalid_filter_type: 'A filter type is not a deliverable event type',
  invalid_filter: 'The filter expression does not compile',
  unknown_event_type: 'The event type is not in the catalog',
  invalid_url: 'The URL is not allowed',
  invalid_header: 'A header cannot be sent',
  invalid_schema: 'The schema does not compile, or an example does not match it',
  event_data_invalid: 'The event data does not match its type’s schema',
  idempotency_key_reused: 'The idempotency key was used with another request',
  limit_reached: 'A limit of the merchant is reached',
  rate_limited: 'Too many requests',
  internal: 'Something went wrong on our side',
  unavailable: 'The service is not ready',
};

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  request_id: string;
  errors?: FieldFault[];
};

/** An answer that is a problem: thrown by handlers, turned into problem+json by the error handler. */
export class HttpProblem extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldFault[],
    readonly headers: Record<string, string> = {},
    /** Members the problem's type adds to the body (RFC 9457 extension members). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = PROBLEM_STATUS[code];
  }
}

export const problemBody = (problem: HttpProblem, requestId: string): ProblemBody => ({
  ...problem.extensions,
  type: `urn:sluice:problem:${problem.code}`,
  title: TITLES[problem.code],
  status: problem.status,
  detail: problem.detail,
  code: problem.code,
  request_id: requestId,
  ...(problem.errors && problem.errors.length > 0 && { errors: problem.errors }),
});

/** The one mapping from domain errors to HTTP problems. */
export const fromDomainError = (error: DomainError): HttpProblem =>
  new HttpProblem(error.code, error.detail, error.errors);

/** The value of a command's result, or its refusal as the problem the API answers with. */
export const orProblem = <T>(result: Either<DomainError, T>): T => {
  if (isLeft(result)) throw fromDomainError(result.left);
  return result.right;
};
