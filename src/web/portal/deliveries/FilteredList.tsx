import { useState } from 'preact/hooks';
import type { Column } from '../../shared/components';
import { EmptyState, ErrorState, Loading, Pager, Table } from '../../shared/components';
import { Segmented } from './Segmented';
import { useCursorPages } from '../../shared/useCursorPages';
import { useLiveLoad } from './useLiveLoad';

export type Page<Row> = { data: Row[]; next_cursor: string | null };

/**
 * A newest-first list of the endpoint's deliveries: a filter by status, a table, and pages by
 * cursor; a new filter starts again from the newest page.
 */
export const FilteredList = <Row extends { id: string }, Filter extends string>({
  caption,
  filterLabel,
  filters,
  empty,
  emptyHint,
  columns,
  load,
  endpointId,
  tick,
}: {
  caption: string;
  filterLabel: string;
  /** The first is the initial one: every row. */
  filters: ReadonlyArray<{ value: Filter; label: string }>;
  empty: Record<Filter, string>;
  emptyHint: string;
  columns: Column<Row>[];
  load: (filter: Filter, cursor: string | undefined) => Promise<Page<Row>>;
  endpointId: string;
  tick: number;
}) => {
  const [filter, setFilter] = useState<Filter>(filters[0]!.value);
  const pages = useCursorPages();
  const rows = useLiveLoad(
    () => load(filter, pages.cursor),
    [endpointId, filter, pages.cursor],
    tick,
  );
  const nextCursor = rows.state === 'ready' ? rows.data.next_cursor : null;
  return (
    <>
      <div class="delivery-toolbar">
        <Segmented
          label={filterLabel}
          options={filters}
          value={filter}
          onValue={(value) => {
            setFilter(value);
            pages.first();
          }}
        />
      </div>
      {rows.state === 'loading' && <Loading label={`Loading the ${caption.toLowerCase()}…`} />}
      {rows.state === 'failed' && <ErrorState problem={rows.problem} />}
      {rows.state === 'ready' &&
        (rows.data.data.length === 0 && pages.page === 1 ? (
          <div class="card">
            <EmptyState title={empty[filter]}>{emptyHint}</EmptyState>
          </div>
        ) : (
          <>
            <Table
              caption={caption}
              hideCaption
              columns={columns}
              rows={rows.data.data}
              rowKey={(row) => row.id}
            />
            <Pager
              label={caption}
              number={pages.page}
              newer={pages.page > 1 ? pages.newer : undefined}
              older={nextCursor ? () => pages.older(nextCursor) : undefined}
              class="delivery-pager"
            />
          </>
        ))}
    </>
  );
};
