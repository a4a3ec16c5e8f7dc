import type { Request, Response, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { getDoc } from '../../reads/readModels.js';
import { WEBHOOK_ENDPOINTS } from '../../../projections/webhookEndpoints.js';
import { newId } from '../../ids.js';
import type { ListenedDelivery } from '../../listen/listenSession.js';
import { listenSession } from '../../listen/listenSession.js';
import { tryOfToken } from '../../listen/listenedTry.js';
import { closeListener, listenerEndpointId, openListener } from '../../listen/listenerEndpoint.js';
import { recordListenedTry } from '../../listen/recordListenedTry.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { ListenQuery, ListenedAttemptBody } from '../codecs/listen.js';
import { handle, noContent } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { metadataOf, namedMerchant, principalOf, requireRole } from '../requestContext.js';

type Needs = Pick<
  Services,
  | 'claims'
  | 'config'
  | 'dataKeys'
  | 'eventStore'
  | 'eventTypes'
  | 'logger'
  | 'metrics'
  | 'now'
  | 'projector'
  | 'readStore'
  | 'secrets'
  | 'webhookBodies'
>;

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * Streams one merchant may hold open on one process: each looks at the due queue a few times a
 * second, and a merchant opening streams without end would take that work from every other.
 */
export const MAX_LISTENERS_PER_MERCHANT = 4;
/**
 * What may wait unread in a stream's buffer: a listener that stops reading is let go, rather than
 * held in memory without end (its tries are handed out again once their claims lapse).
 */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

const sse = (res: Response, event: string, data: unknown) =>
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * `GET /v1/listen`: the merchant's deliveries as they happen, over server-sent events, for
 * `sluice listen` to forward to a developer's machine. The service never connects to that machine:
 * the developer's tool holds this stream open and answers each try (POST /v1/listen/attempts).
 */
const listen = (services: Needs) => {
  const open = new Map<string, number>();
  return async (req: Request, res: Response) => {
    requireRole(req, 'admin', 'merchant');
    const query = decodeOrThrow(ListenQuery, req.query, 'query');
    const merchantId = namedMerchant(req, query.merchant_id, 'to listen for');
    const held = open.get(merchantId) ?? 0;
    if (held >= MAX_LISTENERS_PER_MERCHANT)
      throw new HttpProblem(
        'rate_limited',
        `At most ${MAX_LISTENERS_PER_MERCHANT} listeners of a merchant at once.`,
      );
    open.set(merchantId, held + 1);
    res.on('close', () => {
      const left = (open.get(merchantId) ?? 1) - 1;
      if (left > 0) open.set(merchantId, left);
      else open.delete(merchantId);
    });
    const principal = principalOf(req);
    const metadata = metadataOf(req, merchantId);
    const filterTypes = query.events ? [...new Set(query.events.split(','))] : null;
    const opened = await openListener(
      services,
      { keyId: principal.key_id, merchantId, filterTypes },
      metadata,
    );
    const session = newId('lsn');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // A portal session sees the secret only with view_secret, as on the secret route.
    const showSecret = !principal.portal || principal.portal.capabilities.includes('view_secret');
    sse(res, 'ready', {
      endpoint_id: opened.endpointId,
      merchant_id: merchantId,
      filter_types: filterTypes,
      secret: showSecret ? opened.secret : null,
    });
    const running = listenSession(services, {
      endpointId: opened.endpointId,
      session,
      send: (delivery: ListenedDelivery) => {
        if (res.writableLength > MAX_UNREAD_BYTES) res.destroy();
        else sse(res, 'delivery', delivery);
      },
    });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    res.on('close', () => {
      clearInterval(keepAlive);
      running.stop();
      const ids = { endpointId: opened.endpointId, merchantId };
      closeListener(services, ids, metadata).catch((err: unknown) =>
        services.logger.error({ err, endpoint_id: opened.endpointId }, 'closing a listener failed'),
      );
    });
  };
};

/** `POST /v1/listen/attempts`: what the developer's receiver answered to a try, as its attempt. */
const answer = (services: Needs) =>
  handle(async (req) => {
    requireRole(req, 'admin', 'merchant');
    const body = decodeOrThrow(ListenedAttemptBody, req.body ?? {}, 'body');
    const listened = tryOfToken(services.secrets, body.try);
    // Only a try handed to the caller's own listening endpoint: nothing else can be answered here.
    const own = listenerEndpointId(principalOf(req).key_id);
    if (!listened || listened.due.endpoint_id !== own)
      throw new HttpProblem('not_found', 'No such try was handed to this key’s listener.');
    const endpoint = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, own);
    if (!endpoint) throw new HttpProblem('not_found', 'This key has no listening endpoint.');
    await recordListenedTry(services, listened, {
      url: endpoint.url,
      answer: {
        status_code: body.status_code,
        duration_ms: body.duration_ms,
        body: body.body ?? null,
        error: body.error ?? null,
      },
    });
    return noContent();
  });

export const listenRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.get('/v1/listen', listen(services));
  router.post('/v1/listen/attempts', answer(services));
  return router;
};
