import { request as httpRequest } from 'node:http';
import { validateResponse } from './openapiValidator.js';

export type ApiResponse<T = any> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
};

export type RequestOptions = {
  key?: string;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
};

export type ApiClient = {
  request: <T = any>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<ApiResponse<T>>;
  get: <T = any>(path: string, key?: string) => Promise<ApiResponse<T>>;
  post: <T = any>(
    path: string,
    key: string | undefined,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<ApiResponse<T>>;
  delete: <T = any>(path: string, key?: string) => Promise<ApiResponse<T>>;
};

/**
 * A client for the API tests. Every answer it receives is checked against the OpenAPI document:
 * an undocumented route, status or body shape fails the test that received it.
 */
export const apiClient = (baseUrl: string): ApiClient => {
  const request = async <T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | Buffer | undefined = options.raw;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body }),
    });
    const contentType = response.headers.get('content-type');
    // A stream (GET /v1/listen) lasts until its reader leaves: its status and type are the answer.
    const streaming = contentType?.startsWith('text/event-stream') ?? false;
    if (streaming) await response.body?.cancel();
    const text = streaming ? '' : await response.text();
    const parsed: unknown = streaming
      ? text
      : text && contentType && /json/.test(contentType)
        ? JSON.parse(text)
        : text || undefined;
    const faults = validateResponse(
      method,
      new URL(path, baseUrl).pathname,
      response.status,
      contentType,
      parsed,
    );
    if (faults.length > 0) {
      throw new Error(
        `The answer does not match the OpenAPI document:\n${faults.join('\n')}\n${text.slice(0, 2000)}`,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    request,
    get: (path, key) => request('GET', path, { ...(key && { key }) }),
    post: (path, key, body, headers) =>
      request('POST', path, { ...(key && { key }), body: body ?? {}, ...(headers && { headers }) }),
    delete: (path, key) => request('DELETE', path, { ...(key && { key }) }),
  };
};

/**
 * One request with its path sent exactly as given: fetch would resolve dot segments (`..`,
 * `%2e%2e`) before sending, as a browser does. Its answer is not checked against the document,
 * which knows each path in one spelling only. A stream's answer is its status and type.
 */
export const verbatimRequest = (
  baseUrl: string,
  method: string,
  path: string,
  options: Pick<RequestOptions, 'key' | 'body'> = {},
): Promise<ApiResponse> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest({
      host: hostname,
      port,
      method,
      path,
      agent: false,
      headers: {
        ...(options.key && { authorization: `Bearer ${options.key}` }),
        // Framed whatever the method: Node sends a DELETE's body unframed otherwise.
        ...(body !== undefined && {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        }),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        if (typeof value === 'string') headers.set(name, value);
      const answer = (text: string) => {
        const json = /json/.test(res.headers['content-type'] ?? '') && text !== '';
        resolve({ status: res.statusCode!, headers, body: json ? JSON.parse(text) : text, text });
      };
      if (res.headers['content-type']?.startsWith('text/event-stream')) {
        res.destroy();
        return answer('');
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => answer(text));
    });
    req.end(body);
  });
