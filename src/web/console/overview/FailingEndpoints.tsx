import type { Tone } from '../../shared/components';
import { Badge } from '../../shared/components';
import { formatCount } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import type { EndpointStanding } from '../operations/merchantDirectory';
import {
  allEndpoints,
  byHealth,
  ENDPOINT_PAGE_SIZE,
  standingsOf,
} from '../operations/merchantDirectory';
import { OverviewPanel } from './OverviewPanel';

/** The endpoints read for the overview at most: the Merchants page reads them all. */
const ENDPOINTS_READ = 1000;
/** How many of those needing attention are listed; the count says how many there are. */
const LISTED = 8;

type Troubled = { troubled: EndpointStanding[]; complete: boolean };

const standingOf = ({ troubled }: Troubled): [string, Tone] =>
  troubled.length === 0
    ? ['All delivering', 'success']
    : [
        `${formatCount(troubled.length)} ${troubled.length === 1 ? 'needs' : 'need'} attention`,
        'danger',
      ];

/** The endpoints failing now or disabled by Sluice, the worst first. */
export const FailingEndpoints = ({ round }: { round: number }) => {
  const { api } = useConsole();
  const endpoints = useLoad(async (): Promise<Troubled> => {
    const { endpoints: found, complete } = await allEndpoints(
      api,
      undefined,
      ENDPOINTS_READ / ENDPOINT_PAGE_SIZE,
    );
    const standings = await standingsOf(api, found, (endpoint) => !endpoint.disabled);
    return { troubled: standings.filter((s) => s.health.troubled).sort(byHealth), complete };
  }, [round]);
  return (
    <OverviewPanel
      id="endpoints"
      title="Endpoints failing now"
      loaded={endpoints}
      standing={standingOf}
      more={{ href: hrefOf('merchants'), label: 'All merchants' }}
    >
      {({ troubled, complete }) => (
        <>
          {troubled.length === 0 ? (
            <p class="overview-calm">
              No endpoint is failing now, and none was disabled by Sluice.
            </p>
          ) : (
            <ul class="overview-list" aria-label="Endpoints needing attention">
              {troubled.slice(0, LISTED).map(({ endpoint, health }) => (
                <li key={endpoint.id}>
                  <Badge tone={health.tone}>{health.label}</Badge>
                  <span class="overview-item">
                    <a class="mono" href={hrefOf(`merchants/${endpoint.merchant_id}`)}>
                      {endpoint.merchant_id}
                    </a>
                    <span class="mono overview-url">{endpoint.url}</span>
                    <span class="overview-note">{health.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {!complete && (
            <p class="overview-note">
              Of the first {formatCount(ENDPOINTS_READ)} endpoints: the Merchants page reads all.
            </p>
          )}
        </>
      )}
    </OverviewPanel>
  );
};
