import type { Problem } from '../../shared/api';
import { asProblem, unwrap } from '../../shared/api';
import type { Tone } from '../../shared/components';
import { formatTime } from '../../shared/format';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { OverviewPanel } from './OverviewPanel';

type Health = {
  alive: boolean;
  /** Each store's answer, or the problem of a service not ready. */
  ready: { checks: Record<string, string> } | { problem: Problem };
  at: string;
};

const STORE_NAMES: Record<string, string> = {
  event_store: 'Event store',
  read_store: 'Read store',
};

const standingOf = (health: Health): [string, Tone] => {
  if (!health.alive) return ['Down', 'danger'];
  return 'problem' in health.ready ? ['Not ready', 'danger'] : ['Ready', 'success'];
};

/** Whether the process answers (`/healthz`) and its stores do (`/readyz`), as a probe sees it. */
export const ServiceHealth = ({ round }: { round: number }) => {
  const { api } = useConsole();
  const health = useLoad(async (): Promise<Health> => {
    const [alive, ready] = await Promise.all([
      unwrap(api.GET('/healthz')).then(
        () => true,
        () => false,
      ),
      unwrap(api.GET('/readyz')).then(
        (answer) => ({ checks: answer.checks }),
        (error: unknown) => ({ problem: asProblem(error) }),
      ),
    ]);
    return { alive, ready, at: new Date().toISOString() };
  }, [round]);
  return (
    <OverviewPanel id="service" title="Service" loaded={health} standing={standingOf}>
      {(data) => (
        <>
          <dl class="overview-facts">
            <div>
              <dt>Process</dt>
              <dd>{data.alive ? 'Alive' : 'Does not answer'}</dd>
            </div>
            {'problem' in data.ready ? (
              <div>
                <dt>Stores</dt>
                <dd>{data.ready.problem.detail}</dd>
              </div>
            ) : (
              Object.entries(data.ready.checks).map(([store, answer]) => (
                <div key={store}>
                  <dt>{STORE_NAMES[store] ?? store}</dt>
                  <dd>{answer === 'ok' ? 'Answers' : answer}</dd>
                </div>
              ))
            )}
          </dl>
          <p class="overview-note">Checked at {formatTime(data.at)}.</p>
        </>
      )}
    </OverviewPanel>
  );
};
