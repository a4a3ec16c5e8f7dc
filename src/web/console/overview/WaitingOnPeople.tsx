import type { Tone } from '../../shared/components';
import { formatCount, formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { hrefWithQuery } from '../operations/hashQuery';
import { humanized } from '../processes/labels';
import type { Instance, InstanceStep } from '../processes/processApi';
import { getInstance, listInstances } from '../processes/processApi';
import { processRoutes } from '../processes/routes';
import { OverviewPanel } from './OverviewPanel';

/** The steps that wait for a person, rather than for a timer or an event. */
const PEOPLE: ReadonlySet<string> = new Set(['approval', 'user_action']);
/** Instances read at once: each is a request. */
const AT_ONCE = 4;

type Waiting = { instance: Instance; step: InstanceStep };

/** The steps of an instance, those of its lanes too, that wait for a person now. */
const waitingOnPeople = (steps: InstanceStep[]): InstanceStep[] =>
  steps.flatMap((step) => [
    ...(step.status === 'waiting' && PEOPLE.has(step.type) ? [step] : []),
    ...waitingOnPeople((step.lanes ?? []).flatMap((lane) => lane.steps)),
  ]);

type Found = { waiting: Waiting[]; more: boolean };

const standingOf = ({ waiting, more }: Found): [string, Tone] =>
  waiting.length === 0
    ? ['Nobody waited on', 'success']
    : [`${formatCount(waiting.length)}${more ? '+' : ''} waiting`, 'warning'];

/**
 * The approvals and user actions the newest waiting instances wait for: the instance list does
 * not say what an instance waits on, so each one is read.
 */
export const WaitingOnPeople = ({ round }: { round: number }) => {
  const { api } = useConsole();
  const found = useLoad(async (): Promise<Found> => {
    const page = await listInstances(api, { status: 'waiting' });
    const queue = [...page.data];
    const waiting: Waiting[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const instance = await getInstance(api, next.id);
        for (const step of waitingOnPeople(instance.steps)) waiting.push({ instance, step });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    waiting.sort((a, b) => a.step.started_at.localeCompare(b.step.started_at));
    return { waiting, more: page.has_more };
  }, [round]);
  return (
    <OverviewPanel
      id="people"
      title="Waiting on people"
      loaded={found}
      standing={standingOf}
      more={{
        href: hrefWithQuery(processRoutes.instances, { status: 'waiting' }),
        label: 'All waiting instances',
      }}
    >
      {({ waiting, more }) => (
        <>
          {waiting.length === 0 ? (
            <p class="overview-calm">No instance waits for an approval or a user action.</p>
          ) : (
            <ul class="overview-list" aria-label="Instances waiting on people">
              {waiting.map(({ instance, step }) => (
                <li key={`${instance.id}/${step.id}`}>
                  <span class="overview-item">
                    <a class="mono" href={hrefOf(processRoutes.instance(instance.id))}>
                      {instance.id}
                    </a>
                    <span class="overview-note">
                      {humanized(step.type)} <code>{step.id}</code> of {instance.definition.id} for{' '}
                      <code>{instance.merchant_id}</code>, since {formatDateTime(step.started_at)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {more && (
            <p class="overview-note">Among the newest waiting instances; more are waiting.</p>
          )}
        </>
      )}
    </OverviewPanel>
  );
};
