import { createHash } from 'node:crypto';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EndpointEvent, EndpointSettings } from '../../domain/webhooks/endpoint.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import { LISTENER_URL_PREFIX } from '../../domain/webhooks/listener.js';
import { ENDPOINT_SECRETS } from '../../projections/webhookEndpoints.js';
import { execute } from '../http/execute.js';
import { HttpProblem } from '../http/problem.js';
import { getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { generateSigningSecret } from '../webhooks/signingSecret.js';
import { holdListener } from './listeningLease.js';

type Needs = Pick<
  Services,
  'claims' | 'config' | 'eventStore' | 'eventTypes' | 'now' | 'projector' | 'readStore' | 'secrets'
>;

export { isListenerUrl } from '../../domain/webhooks/listener.js';

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

/** How the key's listening endpoint stands in the log: the read models may not know yet. */
const standingOf = async (services: Pick<Services, 'eventStore'>, endpointId: string) =>
  (await services.eventStore.readStream(endpointStream(endpointId))).reduce(
    (state, event) => endpointDecider.evolve(state, event as RecordedEvent<EndpointEvent>),
    endpointDecider.initialState(),
  );

/**
 * Opens the key's listening endpoint for a merchant: made on its first listen (and again after it
 * was deleted, unused), enabled again (for the types asked for) on the next ones. Deliveries are
 * planned to it like to any endpoint. The session holds it from before it opens, so that no sweep
 * of idle listeners deletes it meanwhile (src/listen/idleListeners.ts).
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
  await holdListener(services, endpointId);
  const standing = await standingOf(services, endpointId);
  if (standing.status !== 'absent' && standing.merchant_id !== merchantId)
    throw new HttpProblem('conflict', 'This key listens for another merchant.');
  const event_types = await services.eventTypes.knownTypes(filterTypes ?? []);
  const now = services.now().toISOString();
  const scoped = { endpoint_id: endpointId, acting_merchant: merchantId, now };
  await execute(
    services,
    endpointDecider,
    endpointStream(endpointId),
    standing.status === 'live'
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
