import type { Column } from '../../shared/components';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Loading,
  Pager,
  Table,
} from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useConsole } from '../context';
import { humanized } from './labels';
import type { InstanceFilter, InstanceSummary } from './processApi';
import { listInstances } from './processApi';
import { processRoutes } from './routes';
import { INSTANCE_TONE } from './statusTones';
import { usePagedList } from './usePagedList';

const COLUMNS: Column<InstanceSummary>[] = [
  {
    header: 'Instance',
    cell: (i) => (
      <>
        <a class="cell-primary mono" href={hrefOf(processRoutes.instance(i.id))}>
          {i.id}
        </a>
        {i.replay_of && <span class="cell-secondary">Replay of {i.replay_of}</span>}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (i) => <Badge tone={INSTANCE_TONE[i.status]}>{humanized(i.status)}</Badge>,
  },
  {
    header: 'Definition',
    cell: (i) => (
      <a class="mono" href={hrefOf(processRoutes.definition(i.definition.id))}>
        {i.definition.id} v{i.definition.version}
      </a>
    ),
  },
  { header: 'Merchant', wide: true, cell: (i) => <code>{i.merchant_id}</code> },
  { header: 'Started', cell: (i) => formatDateTime(i.created_at) },
  { header: 'Last change', wide: true, cell: (i) => formatDateTime(i.updated_at) },
];

const filterKey = (filter: InstanceFilter) =>
  [filter.merchantId, filter.status, filter.definitionId].join('|');

/** Instances matching a filter, newest first, a page at a time. */
export const InstanceList = ({
  filter,
  caption,
  emptyHint,
}: {
  filter: InstanceFilter;
  caption: string;
  emptyHint: string;
}) => {
  const { api } = useConsole();
  const { page, number, older, newer } = usePagedList(
    (cursor) => listInstances(api, filter, cursor),
    filterKey(filter),
  );
  if (page.state === 'loading') return <Loading label="Loading instances…" />;
  if (page.state === 'failed') return <ErrorState problem={page.problem} onRetry={page.reload} />;
  if (page.data.data.length === 0)
    return (
      <div class="card">
        <EmptyState title="No instances">{emptyHint}</EmptyState>
      </div>
    );
  return (
    <>
      <Table caption={caption} columns={COLUMNS} rows={page.data.data} rowKey={(i) => i.id} />
      <div class="proc-list-footer">
        <Button size="small" variant="ghost" onClick={page.reload}>
          Refresh
        </Button>
        <Pager label={caption} number={number} newer={newer} older={older} class="proc-pager" />
      </div>
    </>
  );
};
