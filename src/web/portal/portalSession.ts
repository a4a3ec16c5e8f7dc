import { createApi, unwrap } from '../shared/api';
import type { operations } from '../shared/schema';
import { tabStore } from '../shared/session';

type Exchanged = operations['exchangePortalCode']['responses'][200]['content']['application/json'];

/** What POST /v1/portal/exchange answers: a token acting for one merchant, within capabilities. */
export type PortalSession = Pick<
  Exchanged,
  'token' | 'merchant_id' | 'capabilities' | 'expires_at'
>;

export type Capability = PortalSession['capabilities'][number];

export const sessionStore = tabStore<PortalSession>('sluice.portal.session');

/**
 * The one-time code of a portal link (`/portal#code=…`), taken out of the address bar at once so
 * it stays in no history entry, bookmark or screenshot. The query (the theme) is kept.
 */
/**
 * A link opened in a tab that already shows the portal changes only the fragment: the page is not
 * loaded again, so the new code must be watched for. Calls `onCode` with each code that arrives
 * (taken out of the address bar as above); returns how to stop watching.
 */
export const watchForCodes = (onCode: (code: string) => void): (() => void) => {
  const changed = () => {
    const code = takeCodeFromAddress();
    if (code !== undefined) onCode(code);
  };
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

export const takeCodeFromAddress = (): string | undefined => {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (code === null) return undefined;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return code;
};

/** Trades the link's code for a session token; a used or expired code is a 401 ApiProblem. */
export const exchangeCode = (code: string): Promise<PortalSession> =>
  unwrap(createApi({ token: () => undefined }).POST('/v1/portal/exchange', { body: { code } }));

export const isCurrent = (session: PortalSession | undefined): session is PortalSession =>
  session !== undefined && Date.parse(session.expires_at) > Date.now();
