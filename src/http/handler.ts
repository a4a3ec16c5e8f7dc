import type { Request, RequestHandler, Response } from 'express';
import { sendJson } from './jsonAnswer.js';

/** What a route answers: handlers return it, so answers are values that can be kept and replayed. */
export type HttpResult = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
};

export type Handler = (req: Request) => Promise<HttpResult>;

/** Sends the answer; its body, when it has one, as streamed JSON (see jsonAnswer). */
export const send = async (res: Response, result: HttpResult): Promise<void> => {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  res.status(result.status);
  if (result.body === undefined) res.end();
  else await sendJson(res, result.body);
};

export const handle =
  (handler: Handler): RequestHandler =>
  async (req, res) => {
    await send(res, await handler(req));
  };

export const ok = (body: unknown): HttpResult => ({ status: 200, body });
export const created = (body: unknown, location?: string): HttpResult => ({
  status: 201,
  body,
  ...(location && { headers: { Location: location } }),
});
export const noContent = (): HttpResult => ({ status: 204 });
