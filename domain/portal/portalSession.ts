import { left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import { domainError } from '../shared/errors.js';
import type { PortalCapability } from './capabilities.js';

export const portalSessionStream = (sessionId: string): string => `portal_session-${sessionId}`;

/** How long a session's code and token live, in seconds. */
export const PORTAL_SESSION_LIFETIME_S = { min: 60, max: 604_800, default: 3600 } as const;

export type PortalSessionCreated = DomainEvent<
  'portal_session.created',
  {
    session_id: string;
    merchant_id: string;
    capabilities: PortalCapability[];
    /** SHA-256 of the single-use code, hex: the code itself is in the link only. */
    code_hash: string;
    created_at: string;
    expires_at: string;
  }
>;
export type PortalSessionExchanged = DomainEvent<
  'portal_session.exchanged',
  {
    session_id: string;
    merchant_id: string;
    /** SHA-256 of the bearer token, hex: the token is shown once, to whoever held the code. */
    token_hash: string;
    exchanged_at: string;
  }
>;
export type PortalSessionEvent = PortalSessionCreated | PortalSessionExchanged;

export type CreatePortalSession = {
  type: 'create_portal_session';
  session_id: string;
  merchant_id: string;
  capabilities: PortalCapability[];
  code_hash: string;
  now: string;
  expires_at: string;
};
export type ExchangePortalCode = {
  type: 'exchange_portal_code';
  token_hash: string;
  now: string;
  /** The merchant's sessions created at or before this were all expired at once; null: never. */
  expired_before: string | null;
};
export type PortalSessionCommand = CreatePortalSession | ExchangePortalCode;

export type PortalSessionState =
  | { status: 'absent' }
  | {
      status: 'issued' | 'exchanged';
      session_id: string;
      merchant_id: string;
      created_at: string;
      expires_at: string;
    };

/** One refusal for every reason: whoever holds a bad code learns nothing from it. */
const notValid = () => domainError('unauthorized', 'The code is not valid.');

export const portalSessionDecider: Decider<
  PortalSessionCommand,
  PortalSessionEvent,
  PortalSessionState
> = {
  initialState: () => ({ status: 'absent' }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'portal_session.created':
        return {
          status: 'issued',
          session_id: event.data.session_id,
          merchant_id: event.data.merchant_id,
          created_at: event.data.created_at,
          expires_at: event.data.expires_at,
        };
      case 'portal_session.exchanged':
        return state.status === 'absent' ? state : { ...state, status: 'exchanged' };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'create_portal_session':
        if (state.status !== 'absent') return left(domainError('conflict', 'The session exists.'));
        return right([
          {
            type: 'portal_session.created',
            data: {
              session_id: command.session_id,
              merchant_id: command.merchant_id,
              capabilities: command.capabilities,
              code_hash: command.code_hash,
              created_at: command.now,
              expires_at: command.expires_at,
            },
          },
        ]);
      case 'exchange_portal_code': {
        // The code is single use: the stream's revision makes a second exchange, even a
        // concurrent one in another process, decide on the first one's event and be refused.
        if (state.status !== 'issued') return left(notValid());
        if (Date.parse(command.now) >= Date.parse(state.expires_at)) return left(notValid());
        if (
          command.expired_before !== null &&
          Date.parse(state.created_at) <= Date.parse(command.expired_before)
        )
          return left(notValid());
        return right([
          {
            type: 'portal_session.exchanged',
            data: {
              session_id: state.session_id,
              merchant_id: state.merchant_id,
              token_hash: command.token_hash,
              exchanged_at: command.now,
            },
          },
        ]);
      }
    }
  },
};
