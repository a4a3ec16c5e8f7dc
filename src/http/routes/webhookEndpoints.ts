import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { newId } from '../../ids.js';
import type { EndpointSettings } from '../../../domain/webhooks/endpoint.js';
import { endpointDecider, endpointStream } from '../../../domain/webhooks/endpoint.js';
import type { EndpointDoc } from '../../../projections/webhookEndpoints.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../../projections/webhookEndpoints.js';
import { checkHeaderNames, checkHeaderValues } from '../../../domain/webhooks/endpointHeaders.js';
import { sealHeaders } from '../../webhooks/endpointHeaders.js';
import type { Services } from '../../services.js';
import { withinEndpointQuota } from '../../webhooks/endpointQuota.js';
import { checkEndpointUrl } from '../../webhooks/urlCheck.js';
import { generateSigningSecret, isValidSigningSecret } from '../../webhooks/signingSecret.js';
import { decodeOrThrow } from '../codec.js';
import { CreateEndpointBody, ListEndpointsQuery, UpdateEndpointBody } from '../codecs/webhooks.js';
import { execute } from '../execute.js';
import type { Handler } from '../handler.js';
import { created, handle, noContent, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { visibleEndpoint } from '../pathResources.js';
import { HttpProblem, fromDomainError } from '../problem.js';
import {
  actingMerchant,
  merchantScope,
  namedMerchant,
  metadataOf,
  requireRole,
} from '../requestContext.js';
import { getDoc, findDocs } from '../../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  | 'config'
  | 'eventStore'
  | 'eventTypes'
  | 'hostResolver'
  | 'idempotency'
  | 'now'
  | 'projector'
  | 'readStore'
  | 'secrets'
>;

const SECRET_FORMAT = 'must be whsec_ followed by the base64 of 24 to 64 bytes';

/** An endpoint as the API shows it: the read model's mark of a listener is for its lists alone. */
const served = ({ listener: _listener, ...shown }: EndpointDoc) => shown;

const checkedUrl = async (services: Needs, url: string, merchantId: string): Promise<string> => {
  const verdict = await checkEndpointUrl(
    url,
    { allowHttp: services.config.allowHttpUrls, allowPrivate: services.config.allowPrivateUrls },
    { resolver: services.hostResolver, merchantId },
  );
  if (!verdict.ok)
    throw new HttpProblem('invalid_url', verdict.reason, [
      { path: 'url', message: verdict.reason },
    ]);
  return verdict.url;
};

/**
 * The endpoint's headers, checked as sent (names, and values before sensitive ones are sealed),
 * then sealed: the log and the read models never hold a sensitive value in clear.
 */
const sealedHeaders = (
  services: Needs,
  endpointId: string,
  headers: Record<string, string>,
  current?: Record<string, string>,
) => {
  const refused = checkHeaderNames(headers) ?? checkHeaderValues(headers);
  if (refused) throw fromDomainError(refused);
  return sealHeaders(services.secrets, endpointId, headers, current);
};

const createEndpoint =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin', 'merchant');
    const body = decodeOrThrow(CreateEndpointBody, req.body, 'body');
    const merchantId = namedMerchant(req, body.merchant_id, 'the endpoint belongs to');
    if (body.secret !== undefined && !isValidSigningSecret(body.secret)) {
      throw new HttpProblem('validation_failed', 'The imported secret is not valid.', [
        { path: 'secret', message: SECRET_FORMAT },
      ]);
    }
    const id = newId('we');
    const settings: EndpointSettings = {
      headers: sealedHeaders(services, id, body.headers ?? {}),
      url: await checkedUrl(services, body.url, merchantId),
      description: body.description ?? '',
      filter_types: body.filter_types ?? null,
      channels: body.channels ?? null,
      disabled: body.disabled ?? false,
      rate_limit_per_s: body.rate_limit_per_s ?? null,
      metadata: body.metadata ?? {},
      filter: body.filter ?? null,
      ordering: body.ordering ?? 'unordered',
    };
    const eventTypes = await services.eventTypes.knownTypes(settings.filter_types ?? []);
    const max = services.config.guards.maxEndpointsPerMerchant;
    await withinEndpointQuota(services.readStore, merchantId, max, () =>
      execute(
        services,
        endpointDecider,
        endpointStream(id),
        {
          type: 'create_endpoint',
          endpoint_id: id,
          acting_merchant: actingMerchant(req),
          merchant_id: merchantId,
          settings,
          event_types: eventTypes,
          secret: services.secrets.seal(body.secret ?? generateSigningSecret(), id),
          now: services.now().toISOString(),
        },
        metadataOf(req, merchantId),
      ),
    );
    const doc = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, id);
    return created(doc && served(doc), `/v1/webhooks/${id}`);
  };

const listEndpoints =
  (services: Needs): Handler =>
  async (req) => {
    const query = decodeOrThrow(ListEndpointsQuery, req.query, 'query');
    const merchantId = merchantScope(req, query.merchant_id);
    // The endpoints `sluice listen` makes for a developer's machine are not the merchant's own:
    // left out unless asked for.
    const where: Record<string, string | null> = {};
    if (merchantId) where.merchant_id = merchantId;
    if (query.include_listeners !== 'true') where.listener = null;
    const page = await findDocs(services.readStore, WEBHOOK_ENDPOINTS, {
      where,
      orderBy: { field: 'created_at', direction: 'desc' },
      limit: query.limit ?? 20,
      ...(query.cursor && { cursor: query.cursor }),
    });
    return ok(listBody({ ...page, docs: page.docs.map(served) }, (doc) => doc));
  };

const readEndpoint =
  (services: Needs): Handler =>
  async (req) =>
    ok(served(await visibleEndpoint(services, req)));

const updateEndpoint =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin', 'merchant');
    const endpoint = await visibleEndpoint(services, req);
    const body = decodeOrThrow(UpdateEndpointBody, req.body ?? {}, 'body');
    const { headers, ...rest } = body;
    const changes: Partial<EndpointSettings> = { ...rest };
    if (headers !== undefined) {
      const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, endpoint.id);
      changes.headers = sealedHeaders(services, endpoint.id, headers, secrets?.headers);
    }
    if (body.url !== undefined)
      changes.url = await checkedUrl(services, body.url, endpoint.merchant_id);
    await execute(
      services,
      endpointDecider,
      endpointStream(endpoint.id),
      {
        type: 'update_endpoint',
        endpoint_id: endpoint.id,
        acting_merchant: actingMerchant(req),
        changes,
        event_types: await services.eventTypes.knownTypes(body.filter_types ?? []),
        now: services.now().toISOString(),
      },
      metadataOf(req, endpoint.merchant_id),
    );
    const doc = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, endpoint.id);
    return ok(doc && served(doc));
  };

const deleteEndpoint =
  (services: Needs): Handler =>
  async (req) => {
    requireRole(req, 'admin', 'merchant');
    const endpoint = await visibleEndpoint(services, req);
    await execute(
      services,
      endpointDecider,
      endpointStream(endpoint.id),
      {
        type: 'delete_endpoint',
        endpoint_id: endpoint.id,
        acting_merchant: actingMerchant(req),
        now: services.now().toISOString(),
      },
      metadataOf(req, endpoint.merchant_id),
    );
    return noContent();
  };

/** Create, list, read, update and delete webhook endpoints. */
export const webhookEndpointRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post('/v1/webhooks', handle(idempotent(services.idempotency, createEndpoint(services))));
  router.get('/v1/webhooks', handle(listEndpoints(services)));
  router.get('/v1/webhooks/:endpoint_id', handle(readEndpoint(services)));
  router.post('/v1/webhooks/:endpoint_id', handle(updateEndpoint(services)));
  router.delete('/v1/webhooks/:endpoint_id', handle(deleteEndpoint(services)));
  return router;
};
