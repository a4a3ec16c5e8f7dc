import { useState } from 'preact/hooks';
import type { Api } from '../../shared/api';
import { unwrap } from '../../shared/api';
import {
  Button,
  CheckboxField,
  ProblemBanner,
  SelectField,
  TextField,
} from '../../shared/components';
import { useAction } from '../../shared/useAction';
import type { PortalSession } from './PortalLinkResult';
import { PortalLinkResult } from './PortalLinkResult';
import type { Capability } from './portalCapabilities';
import { CAPABILITIES, DEFAULT_LIFETIME, LIFETIMES } from './portalCapabilities';
import './portalLinks.css';

/**
 * Making a single-use sign-in link to the merchant portal: which merchant (fixed on a merchant's
 * page), what the merchant may do there, and for how long.
 */
export const PortalLinkForm = ({
  api,
  merchantId,
  initialMerchant = '',
}: {
  api: Api;
  /** The merchant the link is for, when the page already names it. */
  merchantId?: string;
  initialMerchant?: string;
}) => {
  const [merchant, setMerchant] = useState(merchantId ?? initialMerchant);
  const [granted, setGranted] = useState<Set<Capability>>(
    () => new Set(CAPABILITIES.map((c) => c.name)),
  );
  const [lifetime, setLifetime] = useState(DEFAULT_LIFETIME);
  const [session, setSession] = useState<PortalSession>();
  const create = useAction(async () => {
    const created = await unwrap(
      api.POST('/v1/portal/sessions', {
        body: {
          merchant_id: (merchantId ?? merchant).trim(),
          capabilities: CAPABILITIES.map((c) => c.name).filter((name) => granted.has(name)),
          expires_in_s: Number(lifetime),
        },
      }),
    );
    setSession(created);
    return created;
  });
  const grant = (name: Capability, on: boolean) =>
    setGranted((all) => {
      const next = new Set(all);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const submit = (event: Event) => {
    event.preventDefault();
    setSession(undefined);
    void create.run();
  };

  return (
    <form class="portal-link-form" onSubmit={submit}>
      {!merchantId && (
        <TextField
          label="Merchant"
          name="merchant_id"
          required
          spellcheck={false}
          placeholder="mer_…"
          value={merchant}
          onValue={setMerchant}
        />
      )}
      <fieldset class="capabilities">
        <legend>What the merchant may do</legend>
        {CAPABILITIES.map((capability) => (
          <CheckboxField
            key={capability.name}
            label={capability.label}
            hint={capability.hint}
            checked={capability.name === 'view' || granted.has(capability.name)}
            disabled={capability.name === 'view'}
            onChecked={(on) => grant(capability.name, on)}
          />
        ))}
      </fieldset>
      <SelectField
        label="Expires after"
        value={lifetime}
        onValue={setLifetime}
        options={LIFETIMES}
      />
      {create.problem && <ProblemBanner problem={create.problem} />}
      <Button type="submit" variant="primary" busy={create.busy}>
        Create link
      </Button>
      {session && <PortalLinkResult session={session} />}
    </form>
  );
};
