import type { Request } from 'express';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import type { InstanceDoc } from '../../projections/processInstances.js';
import { instanceDoc } from '../processes/instanceView.js';
import { getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { decodeOrThrow } from './codec.js';
import { MerchantQuery } from './codecs/webhooks.js';
import { HttpProblem } from './problem.js';
import { merchantScope, pathParam, visibleTo } from './requestContext.js';

/* The resources a path names, as the caller may see them: one it may not see is a 404 that
   reveals nothing of whether it exists. */

type Reads = Pick<Services, 'readStore'>;

const ENDPOINT_ID = /^we_[0-9A-Za-z]{1,64}$/;

/** The endpoint the path names, if the caller may see it. */
export const visibleEndpoint = async (
  services: Reads,
  req: Request,
  id: string = pathParam(req, 'endpoint_id'),
): Promise<EndpointDoc> => {
  const doc = ENDPOINT_ID.test(id)
    ? await getDoc(services.readStore, WEBHOOK_ENDPOINTS, id)
    : undefined;
  if (!doc || !visibleTo(req, doc.merchant_id))
    throw new HttpProblem('not_found', `No webhook endpoint ${id}.`);
  return doc;
};

/** An endpoint that is named in the path, visible to the caller, in the merchant the query names. */
export const scopedEndpoint = async (services: Reads, req: Request): Promise<EndpointDoc> => {
  const query = decodeOrThrow(MerchantQuery, { merchant_id: req.query.merchant_id }, 'query');
  const merchantId = merchantScope(req, query.merchant_id);
  const endpoint = await visibleEndpoint(services, req);
  if (merchantId && merchantId !== endpoint.merchant_id)
    throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
  return endpoint;
};

/** The endpoint, if it is enabled: deliveries to a disabled one are refused. */
export const enabled = (endpoint: EndpointDoc): EndpointDoc => {
  if (endpoint.disabled)
    throw new HttpProblem('conflict', `Endpoint ${endpoint.id} is disabled; enable it first.`);
  return endpoint;
};

/** The process instance the path names, if the caller may see it. */
export const visibleInstance = async (services: Reads, req: Request): Promise<InstanceDoc> => {
  const id = pathParam(req, 'instance_id');
  const doc = await instanceDoc(services, id);
  if (!doc || !visibleTo(req, doc.merchant_id)) {
    throw new HttpProblem('not_found', `No process instance ${id}.`);
  }
  return doc;
};
