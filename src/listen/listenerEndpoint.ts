import { createHash } from 'node:crypto';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { EndpointSettings } from '../../domain/webhooks/endpoint.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { execute } from '../http/execute.js';
import { HttpProblem } from '../http/problem.js';
import { getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { generateSigningSecret } from '../webhooks/signingSecret.js';

type Needs = Pick<
  Services,
  'eventStore' | 'eventTypes' | 'now' | 'projector' | 'readStore' | 'secrets'
>;

/**
 * A listening endpoint's URL: no address the service connects to. Its tries go to the developer's
 * `sluice listen` over the stream it opened (src/listen/listenSession.ts), never over HTTP.
 */
export const LISTENER_URL_PREFIX = 'sluice-listen://';

export const isListenerUrl = (url: string): boolean => url.startsWith(LISTENER_URL_PREFIX);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The listening endpoint of a key: the same every time the key listens, so its signing secret,
 * its messages and their attempts stay from one run to the next, as Stripe's CLI keeps them.
 */
export const listenerEndpointId = (keyId: string): string => {
  const digest = createHash('sha256').update(`listen:${keyId}`).digest();
  let id = 'we_';
  for (let i = 0; i < 26; i++) id += CROCKFORD[digest[i]! % 32];
  return id;
};

const settingsOf = (keyId: string, filterTypes: string[] | null): EndpointSettings => ({
  url: `${LISTENER_URL_PREFIX}${keyId}`,
  description: 'sluice listen: deliveries forwarded by a developer’s machine',
  filter_types: filterTypes,
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
});

export type OpenedListener = { endpointId: string; secret: string };

/**
 * Opens the key's listening endpoint for a merchant: made on its first listen, enabled again (for
 * the types asked for) on the next ones. Deliveries are planned to it like to any endpoint.
 */
export const openListener = async (
  services: Needs,
  {
    keyId,
    merchantId,
    filterTypes,
  }: { keyId: string; merchantId: string; filterTypes: string[] | null },
  metadata: EventMetadata,
): Promise<OpenedListener> => {
  const endpointId = listenerEndpointId(keyId);
  const existing = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, endpointId);
  if (existing && existing.merchant_id !== merchantId)
    throw new HttpProblem('conflict', 'This key listens for another merchant.');
  const event_types = await services.eventTypes.knownTypes(filterTypes ?? []);
  const now = services.now().toISOString();
  const scoped = { endpoint_id: endpointId, acting_merchant: merchantId, now };
  await execute(
    services,
    endpointDecider,
    endpointStream(endpointId),
    existing
      ? {
          ...scoped,
          type: 'update_endpoint',
          changes: { filter_types: filterTypes, disabled: false },
          event_types,
        }
      : {
          ...scoped,
          type: 'create_endpoint',
          merchant_id: merchantId,
          settings: settingsOf(keyId, filterTypes),
          secret: services.secrets.seal(generateSigningSecret(), endpointId),
          event_types,
        },
    metadata,
  );
  const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, endpointId);
  if (!secrets) throw new Error(`The listening endpoint ${endpointId} has no secret.`);
  return { endpointId, secret: services.secrets.open(secrets.current, endpointId) };
};

/**
 * Closes it when the developer stops listening: disabled, its pending deliveries are abandoned,
 * and nothing more is planned to it until the next listen.
 */
export const closeListener = async (
  services: Needs,
  { endpointId, merchantId }: { endpointId: string; merchantId: string },
  metadata: EventMetadata,
): Promise<void> => {
  await execute(
    services,
    endpointDecider,
    endpointStream(endpointId),
    {
      type: 'update_endpoint',
      endpoint_id: endpointId,
      acting_merchant: merchantId,
      changes: { disabled: true },
      now: services.now().toISOString(),
    },
    metadata,
  );
};
