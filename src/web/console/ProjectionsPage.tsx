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
import { formatCount } from '../shared/format';
import { useLoad } from '../shared/useLoad';
import { useConsole } from './context';

type Projection = Schemas['Projection'];

const TONE: Record<Projection['status'], Tone> = {
  live: 'success',
  rebuilding: 'info',
  failing: 'danger',
  stopped: 'warning',
};

const COLUMNS: Column<Projection>[] = [
  {
    header: 'Projection',
    cell: (p) => (
      <>
        <span class="cell-primary mono">{p.name}</span>
        {p.last_error && <span class="cell-secondary">{p.last_error}</span>}
      </>
    ),
  },
  { header: 'Status', cell: (p) => <Badge tone={TONE[p.status]}>{p.status}</Badge> },
  { header: 'Lag', numeric: true, cell: (p) => `${formatCount(p.lag)} events` },
  {
    header: 'Checkpoint',
    wide: true,
    cell: (p) => (p.checkpoint ? <code>{p.checkpoint}</code> : '—'),
  },
];

/** Where each projection stands: its status, and how many events of the log it has yet to apply. */
export const ProjectionsPage = () => {
  const { api } = useConsole();
  const projections = useLoad(() => unwrap(api.GET('/v1/admin/projections')));
  return (
    <>
      <PageHeader
        title="Projections"
        description="The read models built from the event log, and how far behind it each one is."
        actions={
          <Button onClick={projections.reload} busy={projections.state === 'loading'}>
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
            columns={COLUMNS}
            rows={projections.data.data}
            rowKey={(p) => p.name}
          />
        ))}
    </>
  );
};
