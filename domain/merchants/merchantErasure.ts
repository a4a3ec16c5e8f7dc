import { left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import { domainError } from '../shared/errors.js';

/**
 * A merchant's erasure (PRODUCT.md 14): its data keys destroyed, so that no payload of the merchant
 * recorded before it can be read again. The event is the audit log's record of it; it carries no
 * payload and is delivered to no endpoint.
 */
export const merchantStream = (merchantId: string): string => `merchant-${merchantId}`;
export const MERCHANT_STREAM_PREFIX = 'merchant-';

export const MAX_REASON_LENGTH = 1_000;

export type MerchantDataErased = DomainEvent<
  'merchant.data_erased',
  {
    merchant_id: string;
    erased_at: string;
    reason: string;
    /** How many data keys the erasure destroyed (one per period the merchant had payloads in). */
    keys_destroyed: number;
  }
>;

export type RecordErasure = {
  type: 'record_erasure';
  merchant_id: string;
  erased_at: string;
  reason: string;
  keys_destroyed: number;
};

export type MerchantErasures = { erasures: number; last_erased_at: string | null };

export const merchantErasureDecider: Decider<RecordErasure, MerchantDataErased, MerchantErasures> =
  {
    initialState: () => ({ erasures: 0, last_erased_at: null }),
    evolve: (state, event) => ({
      erasures: state.erasures + 1,
      last_erased_at: event.data.erased_at,
    }),
    decide: (command) => {
      const reason = command.reason.trim();
      if (reason.length === 0 || reason.length > MAX_REASON_LENGTH)
        return left(
          domainError('validation_failed', 'The body is not valid.', [
            { path: 'reason', message: `must be 1 to ${MAX_REASON_LENGTH} characters` },
          ]),
        );
      // Erasing again is allowed, and recorded again: payloads recorded since the last one go too.
      return right([
        {
          type: 'merchant.data_erased',
          data: {
            merchant_id: command.merchant_id,
            erased_at: command.erased_at,
            reason,
            keys_destroyed: command.keys_destroyed,
          },
        },
      ]);
    },
  };
