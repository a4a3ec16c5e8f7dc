import type { Schemas } from '../../shared/api';
import type { Tone } from '../../shared/components';

export type Endpoint = Schemas['WebhookEndpoint'];

const DISABLED_BECAUSE: Record<NonNullable<Endpoint['disabled_reason']>, string> = {
  manual: 'Disabled',
  gone: 'Disabled: gone (410)',
  failing: 'Disabled: failing',
};

/** Whether an endpoint receives its events, in words and a tone: never by colour alone. */
export const endpointStatus = (endpoint: Endpoint): { tone: Tone; label: string } =>
  endpoint.disabled
    ? {
        tone: endpoint.disabled_reason === 'manual' ? 'neutral' : 'danger',
        label: DISABLED_BECAUSE[endpoint.disabled_reason ?? 'manual'],
      }
    : { tone: 'success', label: 'Enabled' };

/** Disabled by the service rather than by the merchant: its receiver needs attention. */
export const needsAttention = (endpoint: Endpoint): boolean =>
  endpoint.disabled && endpoint.disabled_reason !== null && endpoint.disabled_reason !== 'manual';

/** Why the service stopped delivering to an endpoint, and how to resume. */
export const attentionText = (endpoint: Endpoint): string =>
  endpoint.disabled_reason === 'gone'
    ? 'It answered 410 Gone, which asks senders to stop. Enable it again once the URL receives events.'
    : 'Its deliveries kept failing for too long. Fix the receiver, then enable it again: new events are delivered from then on.';

/** The route of an endpoint's page. */
export const endpointRoute = (id: string): string => `endpoints/${encodeURIComponent(id)}`;

/** The route of the page that adds an endpoint: endpoint ids start with `we_`, so it is free. */
export const NEW_ENDPOINT = 'new';
