import { useMemo } from 'preact/hooks';
import { Badge, ErrorState, Loading, PageHeader } from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { EventHistory } from './EventHistory';
import { traceOf } from './graph/runTrace';
import { stepFlow } from './graph/stepFlow';
import { StepGraph } from './graph/StepGraph';
import { flowStates } from './graph/stepStates';
import { InstanceActions } from './InstanceActions';
import { InstanceFacts } from './InstanceFacts';
import { humanized } from './labels';
import { PendingStep } from './PendingStep';
import { isTerminal } from './processApi';
import { processRoutes } from './routes';
import { INSTANCE_TONE } from './statusTones';
import { StepList } from './StepList';
import type { InstanceView } from './useInstanceView';
import { useInstanceView } from './useInstanceView';

const InstanceBody = ({ view, refresh }: { view: InstanceView; refresh: () => void }) => {
  const { instance, version, history } = view;
  const trace = useMemo(() => traceOf(instance, history), [instance, history]);
  const states = useMemo(() => flowStates(stepFlow(version.steps), trace), [version, trace]);
  const live = !isTerminal(instance);
  return (
    <>
      <PageHeader
        title={instance.id}
        description={
          <>
            A run of{' '}
            <a href={hrefOf(processRoutes.definition(instance.definition.id))}>{version.name}</a> v
            {instance.definition.version} for <code>{instance.merchant_id}</code>
          </>
        }
        actions={
          <div class="proc-header-status">
            <Badge tone={INSTANCE_TONE[instance.status]}>{humanized(instance.status)}</Badge>
            {live && <span class="proc-live">Live · refreshes every 2 s</span>}
          </div>
        }
      />
      <InstanceActions instance={instance} onChanged={refresh} />
      <div class="proc-instance-layout">
        <div class="proc-instance-main">
          <PendingStep
            instance={instance}
            steps={version.steps}
            history={history}
            onDone={refresh}
          />
          <StepGraph steps={version.steps} trace={trace} />
          <StepList instance={instance} states={states} />
          <EventHistory history={history} />
        </div>
        <aside class="proc-instance-side" aria-label="Instance summary">
          <InstanceFacts instance={instance} version={version} />
        </aside>
      </div>
    </>
  );
};

/**
 * One instance, as Camunda Operate and Temporal show a run: its step graph with each step's
 * state, what it waits on, each step's output and its history, kept fresh until it ends.
 */
export const InstancePage = ({ id }: { id: string }) => {
  const view = useInstanceView(id);
  return (
    <div class="proc-instance-page">
      <a class="proc-back" href={hrefOf(processRoutes.instances)}>
        ← All instances
      </a>
      {view.state === 'loading' && <Loading label="Loading the instance…" />}
      {view.state === 'failed' && <ErrorState problem={view.problem} onRetry={view.refresh} />}
      {view.state === 'ready' && (
        <>
          {view.staleBecause && (
            <p class="proc-stale" role="status">
              Could not refresh ({view.staleBecause.detail}); showing the last answer.
            </p>
          )}
          <InstanceBody view={view.data} refresh={view.refresh} />
        </>
      )}
    </div>
  );
};
