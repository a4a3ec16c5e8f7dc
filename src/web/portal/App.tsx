import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Problem } from '../shared/api';
import { asProblem, createApi } from '../shared/api';
import { Button, Loading, Shell } from '../shared/components';
import type { NavItem } from '../shared/components';
import { formatDateTime } from '../shared/format';
import { useRoute } from '../shared/router';
import { PortalContext } from './context';
import './session.css';
import { EndpointDetailPage } from './endpoint/EndpointDetailPage';
import { EndpointsPage } from './EndpointsPage';
import { EventCatalogPage } from './EventCatalogPage';
import { LinkProblem } from './LinkProblem';
import type { Capability, PortalSession } from './portalSession';
import {
  exchangeCode,
  isCurrent,
  sessionStore,
  takeCodeFromAddress,
  watchForCodes,
} from './portalSession';

const NAV: NavItem[] = [
  { route: 'endpoints', label: 'Endpoints' },
  { route: 'event-catalog', label: 'Event catalog' },
];

type Stage =
  | { name: 'opening' }
  /** `replaced`: the merchant of the session a new link replaced in this tab, when another. */
  | { name: 'open'; session: PortalSession; replaced?: string }
  | { name: 'link-failed'; problem: Problem }
  | { name: 'ended' }
  | { name: 'no-link' };

/** Where the tab starts: a link's code to trade, a session it already holds, or neither. */
const firstStage = (code: string | undefined): Stage => {
  if (code !== undefined) return { name: 'opening' };
  const kept = sessionStore.read();
  if (isCurrent(kept)) return { name: 'open', session: kept };
  if (kept) sessionStore.clear();
  return { name: kept ? 'ended' : 'no-link' };
};

/** The page of a route: `endpoints/<id>` is one endpoint's page. */
const Page = ({ route }: { route: string }) => {
  if (route === 'event-catalog') return <EventCatalogPage />;
  if (route.startsWith('endpoints/'))
    return <EndpointDetailPage endpointId={decodeURIComponent(route.slice('endpoints/'.length))} />;
  return <EndpointsPage />;
};

/** Said once a link for another merchant replaced the tab's session: the pages are theirs now. */
const SwitchedMerchant = ({ from, to }: { from: string; to: string }) => {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div class="session-switched" role="status">
      <p>
        You are now signed in as <code>{to}</code>. The link you opened replaced this tab’s session
        for <code>{from}</code>.
      </p>
      <Button variant="ghost" size="small" onClick={() => setShown(false)}>
        Dismiss
      </Button>
    </div>
  );
};

const SignedIn = ({
  session,
  replaced,
  onEnded,
}: {
  session: PortalSession;
  replaced: string | undefined;
  onEnded: () => void;
}) => {
  const route = useRoute('endpoints');
  const portal = useMemo(
    () => ({
      api: createApi({ token: () => session.token, onUnauthorized: onEnded }),
      session,
      can: (capability: Capability) => session.capabilities.includes(capability),
    }),
    [session, onEnded],
  );
  return (
    <PortalContext.Provider value={portal}>
      <Shell
        product="Webhooks"
        nav={NAV}
        route={route}
        meta={
          <>
            <span>
              Merchant <code>{session.merchant_id}</code>
            </span>
            <span>Session ends {formatDateTime(session.expires_at)}</span>
          </>
        }
      >
        {replaced && <SwitchedMerchant from={replaced} to={session.merchant_id} />}
        <Page route={route} />
      </Shell>
    </PortalContext.Provider>
  );
};

/**
 * The merchant portal. It opens from a one-time link (`/portal#code=…`): the code is traded for
 * a token kept in this tab, and the pages act as the merchant with it until it expires.
 */
export const App = () => {
  const [code, setCode] = useState(takeCodeFromAddress);
  const [stage, setStage] = useState<Stage>(() => firstStage(code));

  // A link opened later in this tab replaces its session, whatever merchant it was for.
  useEffect(() => watchForCodes(setCode), []);

  useEffect(() => {
    if (code === undefined) return;
    const before = sessionStore.read()?.merchant_id;
    sessionStore.clear();
    setStage({ name: 'opening' });
    exchangeCode(code).then(
      (session) => {
        sessionStore.write(session);
        const replaced =
          before !== undefined && before !== session.merchant_id ? before : undefined;
        setStage({ name: 'open', session, ...(replaced && { replaced }) });
      },
      (error: unknown) => setStage({ name: 'link-failed', problem: asProblem(error) }),
    );
  }, [code]);

  const onEnded = useMemo(
    () => () => {
      sessionStore.clear();
      setStage({ name: 'ended' });
    },
    [],
  );

  switch (stage.name) {
    case 'opening':
      return <Loading label="Opening the portal…" />;
    case 'open':
      // Keyed by its token: a new session starts every page afresh, with its merchant's data.
      return (
        <SignedIn
          key={stage.session.token}
          session={stage.session}
          replaced={stage.replaced}
          onEnded={onEnded}
        />
      );
    default:
      return <LinkProblem stage={stage} />;
  }
};
