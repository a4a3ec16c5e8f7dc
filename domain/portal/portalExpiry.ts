import { right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';

/** A merchant's portal cut-offs: one stream per merchant, whatever its sessions. */
export const portalExpiryStream = (merchantId: string): string => `portal_expiry-${merchantId}`;

/**
 * Every portal session of the merchant created at or before `expired_before` stops working: its
 * code cannot be exchanged and its token is refused. One event, however many sessions there are:
 * each process checks a token against its merchant's latest cut-off.
 */
export type PortalSessionsExpired = DomainEvent<
  'portal_sessions.expired',
  { merchant_id: string; expired_before: string }
>;
export type PortalExpiryEvent = PortalSessionsExpired;

export type ExpirePortalSessions = {
  type: 'expire_portal_sessions';
  merchant_id: string;
  now: string;
};

export type PortalExpiryState = { expired_before: string | null };

export const portalExpiryDecider: Decider<
  ExpirePortalSessions,
  PortalExpiryEvent,
  PortalExpiryState
> = {
  initialState: () => ({ expired_before: null }),
  evolve: (_state, event) => ({ expired_before: event.data.expired_before }),
  decide: (command, state) => {
    // A cut-off never moves back: a clock that stepped back must not revive a session.
    const cutOff =
      state.expired_before !== null && state.expired_before > command.now
        ? state.expired_before
        : command.now;
    return right([
      {
        type: 'portal_sessions.expired',
        data: { merchant_id: command.merchant_id, expired_before: cutOff },
      },
    ]);
  },
};
