import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

/** The API's shapes, by their name in the OpenAPI document. */
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

/** An answer that was not a success, with the problem+json the API sent (or one made up here). */
export class ApiProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ApiProblem';
  }

  get status(): number {
    return this.problem.status;
  }
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && 'status' in body && 'detail' in body;

/** The problem of a failed answer: the API's own, or one describing what came back instead. */
export const problemOf = (body: unknown, response: Response): Problem =>
  isProblem(body)
    ? body
    : {
        type: 'about:blank',
        title: response.statusText || 'The request failed',
        status: response.status,
        detail: `The service answered ${response.status} without details.`,
        code: 'internal',
        request_id: response.headers.get('x-request-id') ?? '',
      };

const unreachable = (): Problem => ({
  type: 'about:blank',
  title: 'The service could not be reached',
  status: 0,
  detail: 'Check the connection and try again.',
  code: 'unavailable',
  request_id: '',
});

export type ApiOptions = {
  /** The bearer key or portal token to send; undefined sends none. */
  token: () => string | undefined;
  /** Told of every 401, so a page can end a session the API no longer accepts. */
  onUnauthorized?: () => void;
};

/**
 * The typed API client the pages share: every path, parameter and body is checked against the
 * OpenAPI document's types (schema.d.ts), and every request carries the session's bearer token.
 */
export const createApi = (options: ApiOptions) => {
  const client = createClient<paths>({ baseUrl: window.location.origin });
  client.use({
    onRequest({ request }) {
      const token = options.token();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) options.onUnauthorized?.();
      return response;
    },
  });
  return client;
};

export type Api = ReturnType<typeof createApi>;

/**
 * The body of a successful answer, or an ApiProblem: `await unwrap(api.GET('/v1/webhooks'))`.
 * A network failure is a problem too, so a page has one kind of error to show.
 */
export const unwrap = async <D>(
  pending: Promise<{ data?: D; error?: unknown; response: Response }>,
): Promise<D> => {
  let answer: { data?: D; error?: unknown; response: Response };
  try {
    answer = await pending;
  } catch {
    throw new ApiProblem(unreachable());
  }
  if (!answer.response.ok) throw new ApiProblem(problemOf(answer.error, answer.response));
  return answer.data as D;
};

/** Any error as a problem to show: an ApiProblem's own, or a generic one. */
export const asProblem = (error: unknown): Problem =>
  error instanceof ApiProblem
    ? error.problem
    : {
        type: 'about:blank',
        title: 'Something went wrong in this page',
        status: 0,
        detail: error instanceof Error ? error.message : String(error),
        code: 'internal',
        request_id: '',
      };
