import type { Column } from '../../shared/components';
import {
  Badge,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  Table,
} from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useConsole } from '../context';
import type { DefinitionSummary } from './processApi';
import { listDefinitions } from './processApi';
import { processRoutes } from './routes';
import { SectionTabs } from './SectionTabs';
import { usePagedList } from './usePagedList';

const COLUMNS: Column<DefinitionSummary>[] = [
  {
    header: 'Definition',
    cell: (d) => (
      <>
        <a class="cell-primary" href={hrefOf(processRoutes.definition(d.id))}>
          {d.name}
        </a>
        <span class="cell-secondary mono">{d.id}</span>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (d) =>
      d.active_version === null ? (
        <Badge tone="neutral">Inactive</Badge>
      ) : (
        <Badge tone="success">Active</Badge>
      ),
  },
  {
    header: 'Runs version',
    numeric: true,
    cell: (d) => (d.active_version === null ? '—' : `v${d.active_version}`),
  },
  { header: 'Latest version', numeric: true, cell: (d) => `v${d.latest_version}` },
  {
    header: 'Description',
    wide: true,
    cell: (d) => <span class="proc-description">{d.description ?? '—'}</span>,
  },
  { header: 'Updated', wide: true, cell: (d) => formatDateTime(d.updated_at) },
];

/** Every process definition: which version runs, if any. */
export const DefinitionsPage = () => {
  const { api } = useConsole();
  const { page, number, older, newer } = usePagedList(
    (cursor) => listDefinitions(api, cursor),
    'all',
  );
  return (
    <>
      <PageHeader
        title="Processes"
        description="The process definitions the platform has published, and the version each one runs."
      />
      <SectionTabs current="definitions" />
      {page.state === 'loading' && <Loading label="Loading definitions…" />}
      {page.state === 'failed' && <ErrorState problem={page.problem} onRetry={page.reload} />}
      {page.state === 'ready' &&
        (page.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No process definitions">
              Publish one with POST /v1/process-definitions, then activate a version to run it.
            </EmptyState>
          </div>
        ) : (
          <>
            <Table
              caption="Process definitions"
              columns={COLUMNS}
              rows={page.data.data}
              rowKey={(d) => d.id}
            />
            <div class="proc-list-footer">
              <Pager
                label="Process definitions"
                number={number}
                newer={newer}
                older={older}
                class="proc-pager"
              />
            </div>
          </>
        ))}
    </>
  );
};
