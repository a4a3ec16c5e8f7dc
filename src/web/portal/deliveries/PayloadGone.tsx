import { payloadGone } from './deliveryStatus';
import type { MessageDetailData } from './loadMessageDetail';
import { Timestamp } from './Timestamp';

type Gone = { because: 'erased' | 'expired'; since: string | null };

/**
 * Why the message's payload can no longer be read, from the message (which says since when) or,
 * for a message older than the pages searched, from its event.
 */
export const payloadGoneOf = ({ message, event }: MessageDetailData): Gone | undefined =>
  payloadGone(message) ??
  (event?.erased
    ? { because: 'erased', since: null }
    : event?.data_expired
      ? { because: 'expired', since: null }
      : undefined);

const When = ({ since }: { since: string | null }) =>
  since === null ? null : (
    <>
      {' on '}
      <Timestamp iso={since} />
    </>
  );

/**
 * A payload that is gone, said as such rather than shown as `null`: what happened and when, what
 * is still kept, and that the message cannot be sent again.
 */
export const PayloadGone = ({ gone }: { gone: Gone }) => (
  <div class="payload-gone" role="note">
    <p class="payload-gone-title">
      {gone.because === 'erased' ? 'Payload erased' : 'Payload expired'}
      <When since={gone.since} />
    </p>
    <p>
      {gone.because === 'erased'
        ? 'The merchant’s data was erased: this event’s data and the bodies of the answers to it can no longer be read.'
        : 'Payloads are kept for a limited time: this event’s data and the bodies of the answers to it are no longer kept.'}{' '}
      Its id, type, times and the outcome of each attempt remain. It cannot be sent again.
    </p>
  </div>
);
