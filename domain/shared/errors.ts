/**
 * Errors are values inside the domain. Each carries a stable code that the HTTP edge maps to a
 * problem response in one place.
 */
export type DomainErrorCode =
  | 'not_found'
  | 'conflict'
  | 'unauthorized'
  | 'forbidden'
  | 'validation_failed'
  | 'definition_not_active'
  | 'input_invalid'
  | 'invalid_filter_type'
  | 'invalid_filter'
  | 'unknown_event_type'
  | 'invalid_url'
  | 'payload_too_large'
  | 'invalid_header'
  | 'invalid_schema'
  | 'event_data_invalid'
  | 'data_erased';

/** `position`: where in an expression the fault is (a filter's syntax error, say). */
export type FieldFault = { path: string; message: string; position?: number };

export type DomainError = {
  code: DomainErrorCode;
  detail: string;
  errors?: FieldFault[];
};

export const domainError = (
  code: DomainErrorCode,
  detail: string,
  errors?: FieldFault[],
): DomainError => (errors ? { code, detail, errors } : { code, detail });
