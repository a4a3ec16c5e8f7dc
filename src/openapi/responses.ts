/** The problem answers a route can give, by reference, for the `responses` of an operation. */
const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

/**
 * Every authenticated route can answer these: 503 while the service cannot reach its database
 * (the request changed nothing, and may be made again after Retry-After).
 */
export const authenticated = {
  '401': r('Unauthorized'),
  '403': r('Forbidden'),
  '429': r('RateLimited'),
  '500': r('Internal'),
  '503': r('Unavailable'),
};

/** Routes with a JSON body add these. */
export const withBody = {
  '400': r('BadRequest'),
  '413': r('PayloadTooLarge'),
  '415': r('UnsupportedMediaType'),
};

/** Create routes honour Idempotency-Key. */
export const idempotentCreate = {
  '409': r('Conflict'),
  '422': r('IdempotencyKeyReused'),
};

/** A 422 that may carry any of these codes. */
export const unprocessable = (...codes: string[]) => ({
  '422': {
    description: `Unprocessable: ${codes.join(', ')}`,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  },
});

export const badRequest = { '400': r('BadRequest') };
export const notFound = { '404': r('NotFound') };
export const conflict = { '409': r('Conflict') };
export const internal = { '500': r('Internal') };
export const unavailable = { '503': r('Unavailable') };

export const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
