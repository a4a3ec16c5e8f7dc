import { useMemo, useState } from 'preact/hooks';
import { createApi } from '../shared/api';
import { Button, Shell } from '../shared/components';
import type { NavItem } from '../shared/components';
import { useRoute } from '../shared/router';
import { ConsoleContext } from './context';
import { keyStore } from './keyStore';
import { AuditPage } from './AuditPage';
import { MerchantsPage } from './MerchantsPage';
import { OverviewPage } from './overview/OverviewPage';
import { PlannedPage } from './PlannedPage';
import { PortalLinksPage } from './PortalLinksPage';
import { ProcessesSection } from './processes/ProcessesSection';
import { ProjectionsPage } from './ProjectionsPage';
import { SignIn } from './SignIn';
import { useConsoleTheme } from './themeChoice';
import { ThemeToggle } from './ThemeToggle';

const NAV: NavItem[] = [
  { route: 'overview', label: 'Overview' },
  { route: 'projections', label: 'Projections' },
  { route: 'merchants', label: 'Merchants' },
  { route: 'processes', label: 'Processes' },
  { route: 'audit', label: 'Audit log' },
  { route: 'portal-links', label: 'Portal links' },
];

/** The page of a route: its first segment names the section, the rest is the section's own. */
const Page = ({ route }: { route: string }) => {
  switch (route.split('/')[0]) {
    case 'overview':
      return <OverviewPage />;
    case 'projections':
      return <ProjectionsPage />;
    case 'merchants':
      return <MerchantsPage route={route} />;
    case 'processes':
      return <ProcessesSection route={route} />;
    case 'audit':
      return <AuditPage route={route} />;
    case 'portal-links':
      return <PortalLinksPage />;
    default:
      return <PlannedPage title="Not found" what={`There is no page named “${route}”.`} />;
  }
};

/** The operators' console: signed in with an admin or auditor key kept in this tab. */
export const App = () => {
  const [theme, chooseTheme] = useConsoleTheme();
  const themeToggle = <ThemeToggle theme={theme} onChoose={chooseTheme} />;
  const [key, setKey] = useState(() => keyStore.read()?.key);
  const route = useRoute('overview');
  const signOut = () => {
    keyStore.clear();
    setKey(undefined);
  };
  const session = useMemo(
    () => ({
      api: createApi({ token: () => keyStore.read()?.key, onUnauthorized: signOut }),
      signOut,
    }),
    [],
  );

  if (!key)
    return (
      <SignIn
        themeToggle={themeToggle}
        onSignedIn={(signedIn) => {
          keyStore.write({ key: signedIn });
          setKey(signedIn);
        }}
      />
    );
  return (
    <ConsoleContext.Provider value={session}>
      <Shell
        product="Console"
        nav={NAV}
        route={route}
        meta={
          <>
            {themeToggle}
            <span>
              Key <code>…{key.slice(-4)}</code>
            </span>
            <Button size="small" variant="ghost" onClick={signOut}>
              Sign out
            </Button>
          </>
        }
      >
        <Page route={route} />
      </Shell>
    </ConsoleContext.Provider>
  );
};
