import type { Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import type { Tone } from '../../shared/components';
import { Badge } from '../../shared/components';
import { formatCount } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { OverviewPanel } from './OverviewPanel';

type Projection = Schemas['Projection'];

const TONE: Record<Projection['status'], Tone> = {
  live: 'success',
  rebuilding: 'info',
  failing: 'danger',
  stopped: 'warning',
};

/** A projection an operator looks at: not live, or behind the log. */
const needsALook = (p: Projection) => p.status !== 'live' || p.lag > 0;

const standingOf = (projections: Projection[]): [string, Tone] => {
  if (projections.some((p) => p.status === 'failing')) return ['Failing', 'danger'];
  if (projections.some((p) => p.status === 'stopped')) return ['Stopped', 'warning'];
  if (projections.some((p) => p.status === 'rebuilding')) return ['Rebuilding', 'info'];
  return projections.some((p) => p.lag > 0) ? ['Catching up', 'info'] : ['Live', 'success'];
};

/** How far behind the log the read models are: the largest lag, and those not live or behind. */
export const ProjectionsLag = ({ round }: { round: number }) => {
  const { api } = useConsole();
  const projections = useLoad(
    () => unwrap(api.GET('/v1/admin/projections')).then((list) => list.data),
    [round],
  );
  return (
    <OverviewPanel
      id="projections"
      title="Projections"
      loaded={projections}
      standing={standingOf}
      more={{ href: hrefOf('projections'), label: 'All projections' }}
    >
      {(data) => {
        const largest = Math.max(0, ...data.map((p) => p.lag));
        const looked = data.filter(needsALook);
        return (
          <>
            <dl class="overview-facts">
              <div>
                <dt>Live and caught up</dt>
                <dd>
                  {formatCount(data.length - looked.length)} of {formatCount(data.length)}
                </dd>
              </div>
              <div>
                <dt>Largest lag</dt>
                <dd>
                  {formatCount(largest)} {largest === 1 ? 'event' : 'events'}
                </dd>
              </div>
            </dl>
            {looked.length > 0 && (
              <ul class="overview-list" aria-label="Projections behind or not live">
                {looked.map((p) => (
                  <li key={p.name}>
                    <code>{p.name}</code>
                    <Badge tone={TONE[p.status]}>{p.status}</Badge>
                    <span class="overview-note">{formatCount(p.lag)} events behind</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </OverviewPanel>
  );
};
