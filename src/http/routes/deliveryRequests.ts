import type { Request } from 'express';
import type { AttemptDoc, MessageDoc } from '../../../projections/deliveries.js';
import type { EndpointDoc } from '../../../projections/webhookEndpoints.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { MerchantQuery } from '../codecs/webhooks.js';
import { HttpProblem } from '../problem.js';
import { merchantScope } from '../requestContext.js';
import { visibleEndpoint } from './webhookEndpoints.js';

/* What the routes about deliveries share: how attempts and messages look, and which endpoint a
   request may act on. */

export const presentAttempt = (doc: AttemptDoc) => {
  const { merchant_id: _, ...attempt } = doc;
  return attempt;
};

export const presentMessage = (doc: MessageDoc) => ({
  id: doc.event_id,
  object: doc.object,
  endpoint_id: doc.endpoint_id,
  event_id: doc.event_id,
  event_type: doc.event_type,
  status: doc.status,
  attempts: doc.attempts,
  last_attempt_at: doc.last_attempt_at,
  next_attempt_at: doc.next_attempt_at,
  created_at: doc.created_at,
});

/** An endpoint that is named in the path, visible to the caller, in the merchant the query names. */
export const scopedEndpoint = async (services: Services, req: Request): Promise<EndpointDoc> => {
  const query = decodeOrThrow(MerchantQuery, { merchant_id: req.query.merchant_id }, 'query');
  const merchantId = merchantScope(req, query.merchant_id);
  const endpoint = await visibleEndpoint(services, req);
  if (merchantId && merchantId !== endpoint.merchant_id)
    throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
  return endpoint;
};

export const enabled = (endpoint: EndpointDoc): EndpointDoc => {
  if (endpoint.disabled)
    throw new HttpProblem('conflict', `Endpoint ${endpoint.id} is disabled; enable it first.`);
  return endpoint;
};
