import { useState } from 'preact/hooks';
import type { Api } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { TextField } from '../../shared/components';
import { formatTime } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { ConfirmedAction } from './ConfirmDialog';
import './operations.css';

/** Ending every portal session of a merchant at once: its tokens and unused links stop working. */
export const ExpireSessionsForm = ({
  api,
  initialMerchant = '',
}: {
  api: Api;
  initialMerchant?: string;
}) => {
  const [merchant, setMerchant] = useState(initialMerchant);
  const [ended, setEnded] = useState<{ merchant: string; at: string }>();
  const expire = useAction(async () => {
    const merchantId = merchant.trim();
    await unwrap(api.POST('/v1/portal/sessions/expire-all', { body: { merchant_id: merchantId } }));
    setEnded({ merchant: merchantId, at: new Date().toISOString() });
    return true;
  });
  return (
    <div class="expire-sessions">
      <TextField
        label="Merchant"
        name="expire_merchant_id"
        spellcheck={false}
        placeholder="mer_…"
        value={merchant}
        onValue={(value) => {
          setMerchant(value);
          setEnded(undefined);
        }}
      />
      <ConfirmedAction
        label="End every session"
        title={`End every portal session of ${merchant.trim() || 'this merchant'}?`}
        confirmLabel="End every session"
        danger
        action={expire}
      >
        <p>
          Whoever is signed in to the portal as this merchant is signed out at once, and links not
          yet opened stop working. New links can be made afterwards.
        </p>
      </ConfirmedAction>
      {ended && (
        <p class="success-note" role="status">
          Every portal session of <code>{ended.merchant}</code> ended at {formatTime(ended.at)}.
        </p>
      )}
    </div>
  );
};
