import { useEffect } from 'preact/hooks';
import type { Schemas } from '../shared/api';
import { unwrap } from '../shared/api';
import type { Column, Tone } from '../shared/components';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  Table,
} from '../shared/components';
import { formatCount, formatTime } from '../shared/format';
import { useLoad } from '../shared/useLoad';
import { useConsole } from './context';
import { RebuildButton } from './operations/RebuildButton';
import { RebuildProgressBar } from './operations/RebuildProgressBar';
import { useRebuildFollower } from './operations/useRebuildFollower';
import './operations/operations.css';

type Projection = Schemas['Projection'];

const TONE: Record<Projection['status'], Tone> = {
  live: 'success',
  rebuilding: 'info',
  failing: 'danger',
  stopped: 'warning',
};

type Rebuilds = ReturnType<typeof useRebuildFollower>;

const columnsFor = (
  rebuilds: Rebuilds,
  action: Column<Projection>['cell'],
): Column<Projection>[] => [
  {
    header: 'Projection',
    cell: (p) => (
      <>
        <span class="cell-primary mono">{p.name}</span>
        {p.last_error && <span class="cell-secondary">{p.last_error}</span>}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (p) => {
      const finished = rebuilds.finished[p.name];
      return (
        <>
          <Badge tone={TONE[p.status]}>{p.status}</Badge>
          {p.rebuild && <RebuildProgressBar name={p.name} progress={p.rebuild} />}
          {finished && p.status === 'live' && (
            <span class="cell-secondary">
              Rebuilt at {formatTime(finished.at.toISOString())}
              {finished.events !== undefined && ` from ${formatCount(finished.events)} events`}
            </span>
          )}
        </>
      );
    },
  },
  {
    header: 'Lag',
    numeric: true,
    cell: (p) => <span class="nowrap">{formatCount(p.lag)} events</span>,
  },
  {
    header: 'Checkpoint',
    wide: true,
    cell: (p) => (p.checkpoint ? <code>{p.checkpoint}</code> : '—'),
  },
  { header: 'Actions', cell: action },
];

/**
 * Where each projection stands: its status, how many events of the log it has yet to apply, and
 * a rebuild from the start of the log, followed live until the projection is live again.
 */
export const ProjectionsPage = () => {
  const { api } = useConsole();
  const projections = useLoad(() => unwrap(api.GET('/v1/admin/projections')));
  const rebuilds = useRebuildFollower(api);
  const { follow } = rebuilds;

  // A rebuild someone else started is followed too.
  useEffect(() => {
    if (projections.state !== 'ready') return;
    for (const p of projections.data.data) if (p.status === 'rebuilding') follow(p.name);
  }, [projections.state, follow]);

  const started = (projection: Projection) => {
    rebuilds.show(projection);
    follow(projection.name);
  };
  const refresh = () => {
    rebuilds.forgetFinished();
    projections.reload();
  };
  const columns = columnsFor(rebuilds, (p) => (
    <RebuildButton api={api} projection={p} onStarted={started} />
  ));

  return (
    <>
      <PageHeader
        title="Projections"
        description="The read models built from the event log, how far behind it each one is, and rebuilding one from the start."
        actions={
          <Button onClick={refresh} busy={projections.state === 'loading'}>
            Refresh
          </Button>
        }
      />
      {projections.state === 'loading' && <Loading />}
      {projections.state === 'failed' && (
        <ErrorState problem={projections.problem} onRetry={projections.reload} />
      )}
      {projections.state === 'ready' &&
        (projections.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No projections">This process runs no projector.</EmptyState>
          </div>
        ) : (
          <Table
            caption="Projections"
            hideCaption
            columns={columns}
            rows={projections.data.data.map((p) => rebuilds.latest[p.name] ?? p)}
            rowKey={(p) => p.name}
          />
        ))}
    </>
  );
};
