import type { Tone } from '../../shared/components';
import { formatCount, formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { hrefWithQuery } from '../operations/hashQuery';
import type { InstanceSummary } from '../processes/processApi';
import { listInstances } from '../processes/processApi';
import { processRoutes } from '../processes/routes';
import { OverviewPanel } from './OverviewPanel';

/** What "recently" means here. */
const RECENT_MS = 24 * 60 * 60 * 1000;
const LISTED = 5;

const failedAt = (instance: InstanceSummary) => instance.completed_at ?? instance.updated_at;

type Failed = { recent: InstanceSummary[]; more: boolean };

const standingOf = ({ recent, more }: Failed): [string, Tone] =>
  recent.length === 0
    ? ['None in 24 h', 'success']
    : [`${formatCount(recent.length)}${more ? '+' : ''} in 24 h`, 'danger'];

/** The instances that failed in the last day, newest first. */
export const FailedInstances = ({ round }: { round: number }) => {
  const { api } = useConsole();
  const failed = useLoad(async (): Promise<Failed> => {
    const page = await listInstances(api, { status: 'failed' });
    const since = Date.now() - RECENT_MS;
    const recent = page.data.filter((i) => Date.parse(failedAt(i)) >= since);
    return { recent, more: page.has_more && recent.length === page.data.length };
  }, [round]);
  return (
    <OverviewPanel
      id="failed"
      title="Instances failed recently"
      loaded={failed}
      standing={standingOf}
      more={{
        href: hrefWithQuery(processRoutes.instances, { status: 'failed' }),
        label: 'All failed instances',
      }}
    >
      {({ recent }) =>
        recent.length === 0 ? (
          <p class="overview-calm">No instance failed in the last 24 hours.</p>
        ) : (
          <ul class="overview-list" aria-label="Instances failed recently">
            {recent.slice(0, LISTED).map((instance) => (
              <li key={instance.id}>
                <span class="overview-item">
                  <a class="mono" href={hrefOf(processRoutes.instance(instance.id))}>
                    {instance.id}
                  </a>
                  <span class="overview-note">
                    {instance.definition.id} v{instance.definition.version} for{' '}
                    <code>{instance.merchant_id}</code>, failed {formatDateTime(failedAt(instance))}
                    {instance.error && (
                      <>
                        {' '}
                        with <code>{instance.error.code}</code>
                      </>
                    )}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </OverviewPanel>
  );
};
