import { checkHeaderNames } from './endpointHeaders.js';
import { remadeListener } from './listener.js';
import type { EndpointOrdering } from './endpointFilter.js';
import { checkFilter, checkOrdering } from './endpointFilter.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { KnownTypes } from '../catalog/eventCatalog.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import type { FieldFault } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';
import {
  checkChannels,
  checkDescription,
  checkFilterTypes,
  checkMetadata,
  checkRateLimit,
} from './endpointRules.js';

export const endpointStream = (endpointId: string): string => `webhook_endpoint-${endpointId}`;

/** A signing secret as the log keeps it: encrypted, never in clear. */
export type SealedSecret = string;

export type DisabledReason = 'manual' | 'gone' | 'failing';

/** What a merchant configures on an endpoint. */
export type EndpointSettings = {
  url: string;
  description: string;
  filter_types: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rate_limit_per_s: number | null;
  metadata: Record<string, string>;
  /** Sent with every delivery; the values of sensitive names sealed (see endpointHeaders). */
  headers: Record<string, string>;
  /** A JSONata expression over the delivered body: the endpoint receives what it makes `true`. */
  filter: string | null;
  ordering: EndpointOrdering;
};

/** The log holds endpoints created before filters and orderings existed: without them. */
type RecordedSettings = Omit<EndpointSettings, 'filter' | 'ordering'> &
  Partial<Pick<EndpointSettings, 'filter' | 'ordering'>>;

export type EndpointCreated = DomainEvent<
  'webhook_endpoint.created',
  RecordedSettings & {
    endpoint_id: string;
    merchant_id: string;
    disabled_reason: DisabledReason | null;
    secret: SealedSecret;
    created_at: string;
  }
>;
export type EndpointUpdated = DomainEvent<
  'webhook_endpoint.updated',
  {
    endpoint_id: string;
    merchant_id: string;
    changes: Partial<EndpointSettings> & { disabled_reason?: DisabledReason | null };
    updated_at: string;
  }
>;
export type EndpointDeleted = DomainEvent<
  'webhook_endpoint.deleted',
  { endpoint_id: string; merchant_id: string; deleted_at: string }
>;
export type EndpointSecretRotated = DomainEvent<
  'webhook_endpoint.secret_rotated',
  {
    endpoint_id: string;
    merchant_id: string;
    secret: SealedSecret;
    /** The secret it replaces, which still signs until `previous_expires_at`. */
    previous: SealedSecret;
    previous_expires_at: string;
    rotated_at: string;
  }
>;
export type EndpointEvent =
  EndpointCreated | EndpointUpdated | EndpointDeleted | EndpointSecretRotated;

/** The acting merchant: a merchant key's own, or undefined for an admin acting on any. */
type Scoped = { endpoint_id: string; acting_merchant: string | undefined; now: string };

export type CreateEndpoint = Scoped & {
  type: 'create_endpoint';
  merchant_id: string;
  settings: EndpointSettings;
  secret: SealedSecret;
  /** The catalog's facts of the types `filter_types` names; absent, the built-in ones as shipped. */
  event_types?: KnownTypes;
};
export type UpdateEndpoint = Scoped & {
  type: 'update_endpoint';
  changes: Partial<EndpointSettings>;
  /** The catalog's facts of the types `filter_types` names; absent, the built-in ones as shipped. */
  event_types?: KnownTypes;
};
export type DeleteEndpoint = Scoped & { type: 'delete_endpoint' };
export type RotateSecret = Scoped & {
  type: 'rotate_secret';
  secret: SealedSecret;
  grace_s: number;
};
/**
 * The service disables an endpoint itself: it answered 410 Gone, or failed for too long. `sent_at`
 * is when the request whose answer decided it went out: an endpoint enabled since then is not
 * disabled for it, since the answer told of the endpoint before the merchant mended it.
 */
export type DisableEndpoint = Scoped & {
  type: 'disable_endpoint';
  reason: 'gone' | 'failing';
  sent_at?: string;
};
export type EndpointCommand =
  CreateEndpoint | UpdateEndpoint | DeleteEndpoint | RotateSecret | DisableEndpoint;

export type EndpointState =
  | { status: 'absent' }
  | {
      status: 'live' | 'deleted';
      merchant_id: string;
      settings: EndpointSettings;
      disabled_reason: DisabledReason | null;
      secret: SealedSecret;
      /** When it was last enabled after being disabled (null: never disabled). */
      enabled_at: string | null;
    };

const notFound = (id: string) => domainError('not_found', `No webhook endpoint ${id}.`);

const checkSettings = (
  settings: Partial<EndpointSettings>,
  known?: KnownTypes,
  listed?: readonly string[],
) => {
  if (settings.headers !== undefined) {
    const refused = checkHeaderNames(settings.headers);
    if (refused) return refused;
  }
  if (settings.filter_types !== undefined) {
    const refused = checkFilterTypes(settings.filter_types, known, listed);
    if (refused) return refused;
  }
  if (settings.filter !== undefined) {
    const refused = checkFilter(settings.filter);
    if (refused) return refused;
  }
  const faults: FieldFault[] = [
    ...(settings.ordering !== undefined ? checkOrdering(settings.ordering) : []),
    ...(settings.channels !== undefined ? checkChannels(settings.channels) : []),
    ...(settings.description !== undefined ? checkDescription(settings.description) : []),
    ...(settings.metadata !== undefined ? checkMetadata(settings.metadata) : []),
    ...(settings.rate_limit_per_s !== undefined ? checkRateLimit(settings.rate_limit_per_s) : []),
  ];
  return faults.length > 0
    ? domainError('validation_failed', 'The endpoint settings are not valid.', faults)
    : undefined;
};

/** The settings that really change, with the disabled reason that follows from `disabled`. */
const effectiveChanges = (
  current: EndpointSettings,
  reason: DisabledReason | null,
  changes: Partial<EndpointSettings>,
): EndpointUpdated['data']['changes'] => {
  const changed: EndpointUpdated['data']['changes'] = {};
  for (const [field, value] of Object.entries(changes) as Array<
    [keyof EndpointSettings, unknown]
  >) {
    if (JSON.stringify(current[field]) !== JSON.stringify(value))
      Object.assign(changed, { [field]: value });
  }
  if (changed.disabled === true) changed.disabled_reason = 'manual';
  if (changed.disabled === false && reason !== null) changed.disabled_reason = null;
  return changed;
};

export const endpointDecider: Decider<EndpointCommand, EndpointEvent, EndpointState> = {
  initialState: () => ({ status: 'absent' }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'webhook_endpoint.created': {
        const { merchant_id, disabled_reason, secret, ...data } = event.data;
        const settings: EndpointSettings = {
          url: data.url,
          description: data.description,
          filter_types: data.filter_types,
          channels: data.channels,
          disabled: data.disabled,
          rate_limit_per_s: data.rate_limit_per_s,
          metadata: data.metadata,
          // Endpoints created before custom headers existed have none.
          headers: data.headers ?? {},
          // Before filters and orderings existed: every event subscribed to, unordered.
          filter: data.filter ?? null,
          ordering: data.ordering ?? 'unordered',
        };
        return { status: 'live', merchant_id, settings, disabled_reason, secret, enabled_at: null };
      }
      case 'webhook_endpoint.updated': {
        if (state.status === 'absent') return state;
        const { disabled_reason, ...settings } = event.data.changes;
        return {
          ...state,
          settings: { ...state.settings, ...settings },
          disabled_reason: disabled_reason === undefined ? state.disabled_reason : disabled_reason,
          enabled_at: settings.disabled === false ? event.data.updated_at : state.enabled_at,
        };
      }
      case 'webhook_endpoint.secret_rotated':
        return state.status === 'absent' ? state : { ...state, secret: event.data.secret };
      case 'webhook_endpoint.deleted':
        return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    }
  },

  decide: (command, state) => {
    if (command.type === 'create_endpoint') {
      if (state.status !== 'absent' && !remadeListener(state, command))
        return left(domainError('conflict', `Endpoint ${command.endpoint_id} exists.`));
      const refused = checkSettings(command.settings, command.event_types);
      if (refused) return left(refused);
      return right([
        {
          type: 'webhook_endpoint.created',
          data: {
            endpoint_id: command.endpoint_id,
            merchant_id: command.merchant_id,
            ...command.settings,
            disabled_reason: command.settings.disabled ? 'manual' : null,
            secret: command.secret,
            created_at: command.now,
          },
        },
      ]);
    }

    // Another merchant's endpoint does not exist for the caller: its existence is not revealed.
    if (
      state.status !== 'live' ||
      (command.acting_merchant && command.acting_merchant !== state.merchant_id)
    ) {
      return left(notFound(command.endpoint_id));
    }
    const ids = { endpoint_id: command.endpoint_id, merchant_id: state.merchant_id };

    switch (command.type) {
      case 'update_endpoint': {
        const refused = checkSettings(
          command.changes,
          command.event_types,
          state.settings.filter_types ?? [],
        );
        if (refused) return left(refused);
        const changes = effectiveChanges(state.settings, state.disabled_reason, command.changes);
        if (Object.keys(changes).length === 0) return right([]);
        return right([
          { type: 'webhook_endpoint.updated', data: { ...ids, changes, updated_at: command.now } },
        ]);
      }
      case 'delete_endpoint':
        return right([
          { type: 'webhook_endpoint.deleted', data: { ...ids, deleted_at: command.now } },
        ]);
      case 'disable_endpoint':
        if (state.settings.disabled) return right([]);
        if (command.sent_at && state.enabled_at && command.sent_at < state.enabled_at)
          return right([]);
        return right([
          {
            type: 'webhook_endpoint.updated',
            data: {
              ...ids,
              changes: { disabled: true, disabled_reason: command.reason },
              updated_at: command.now,
            },
          },
        ]);
      case 'rotate_secret':
        return right([
          {
            type: 'webhook_endpoint.secret_rotated',
            data: {
              ...ids,
              secret: command.secret,
              previous: state.secret,
              previous_expires_at: new Date(
                Date.parse(command.now) + command.grace_s * 1000,
              ).toISOString(),
              rotated_at: command.now,
            },
          },
        ]);
    }
  },
};
