import type { serviceClient } from '../serviceClient.js';
import { note, print } from '../output.js';

/** A try as the service hands it to a listener. */
export type Delivery = {
  try: string;
  event_id: string;
  event_type: string;
  headers: Record<string, string>;
  body: string;
};

type Api = ReturnType<typeof serviceClient>;

/** How long the local server has to answer, as the service gives a receiver. */
const FORWARD_TIMEOUT_MS = 15_000;
const KEPT_BODY = 4096;

type Failure = {
  code: 'timeout' | 'connection_refused' | 'connection_reset' | 'dns';
  message: string;
};

const failureOf = (error: unknown): Failure => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (
    cause?.message ?? (error instanceof Error ? error.message : String(error))
  ).slice(0, 1000);
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return { code: 'timeout', message };
  if (cause?.code === 'ECONNREFUSED') return { code: 'connection_refused', message };
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return { code: 'dns', message };
  return { code: 'connection_reset', message };
};

const clock = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19);

/**
 * Forwards one try to the local server exactly as signed (the same body, the same headers), prints
 * one line for it, and tells the service what came back, which records it as the try's attempt.
 */
export const forwardTry = async (
  api: Api,
  forwardTo: string,
  delivery: Delivery,
): Promise<void> => {
  const started = Date.now();
  let status: number | null = null;
  let body: string | null = null;
  let error: Failure | null = null;
  try {
    const answer = await fetch(forwardTo, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    status = answer.status;
    body = (await answer.text()).slice(0, KEPT_BODY);
  } catch (failure) {
    error = failureOf(failure);
  }
  const duration = Date.now() - started;
  const outcome = status === null ? error!.code : String(status);
  print(
    `${clock(new Date())}  ${delivery.event_type}  ${delivery.event_id}  [${outcome}]  ${duration} ms`,
  );
  const recorded = await api
    .POST('/v1/listen/attempts', {
      body: { try: delivery.try, status_code: status, duration_ms: duration, body, error },
    })
    .catch(() => undefined);
  if (!recorded?.response.ok)
    note(`sluice: the service did not record the answer to ${delivery.event_id}`);
};
