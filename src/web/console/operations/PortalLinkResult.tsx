import { Badge } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import type { paths } from '../../shared/schema';
import { CopyField } from './CopyField';
import { CAPABILITIES } from './portalCapabilities';
import './operations.css';
import './portalLinks.css';

export type PortalSession =
  paths['/v1/portal/sessions']['post']['responses'][201]['content']['application/json'];

const labelOf = (name: string) => CAPABILITIES.find((c) => c.name === name)?.label ?? name;

/** A link just made: the URL to hand on, once, and until when it works. */
export const PortalLinkResult = ({ session }: { session: PortalSession }) => (
  <section class="portal-link-result" aria-label="The new portal link">
    <h3>Link for {session.merchant_id}</h3>
    {/* An answer replayed from before the service said so has no warnings. */}
    {session.warnings?.map((warning) => (
      <p key={warning.code} class="portal-link-warning" role="alert">
        {warning.message}
      </p>
    ))}
    {session.url ? (
      <CopyField label="Portal link" value={session.url} />
    ) : (
      <p>
        This answer repeats an earlier request: a link is shown only when it is made, so make a new
        one.
      </p>
    )}
    <p class="portal-link-terms">
      <strong>It works once:</strong> the first browser that opens it signs in as{' '}
      <code>{session.merchant_id}</code>, and the link is used up. Unused, it stops working on{' '}
      <time dateTime={session.expires_at}>{formatDateTime(session.expires_at)}</time>, when the
      session it opens ends too.
    </p>
    <ul class="badge-row" aria-label="Capabilities">
      {session.capabilities.map((name) => (
        <li key={name}>
          <Badge tone="info">{labelOf(name)}</Badge>
        </li>
      ))}
    </ul>
  </section>
);
