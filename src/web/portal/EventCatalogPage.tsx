import { useState } from 'preact/hooks';
import { unwrap } from '../shared/api';
import {
  Badge,
  CodeBlock,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  TextField,
} from '../shared/components';
import { formatDateTime } from '../shared/format';
import { useLoad } from '../shared/useLoad';
import { usePortal } from './context';
import type { EventType } from './endpoint/eventTypeGroups';
import { groupByPrefix, matchesSearch } from './endpoint/eventTypeGroups';
import './endpoint/catalog.css';

const COLUMNS = 3;

/** What a type's data looks like: its JSON schema and every example, side by side. */
const TypeDetails = ({ type, id }: { type: EventType; id: string }) => (
  <tr class="catalog-detail">
    <td colSpan={COLUMNS} id={id}>
      <p class="catalog-detail-about">{type.description}</p>
      <p class="catalog-detail-facts">
        <span>Family {type.family}</span>
        <span>{type.deliverable ? 'Delivered by webhook' : 'Not delivered by webhook'}</span>
        <span>
          {type.updated_at ? `Changed ${formatDateTime(type.updated_at)}` : 'As built in'}
        </span>
      </p>
      <div class="catalog-detail-code">
        <CodeBlock label={`Schema of ${type.name}`} value={type.schema} />
        <div>
          {type.examples.length === 0 && <p class="catalog-none">No example yet.</p>}
          {type.examples.map((example, i) => (
            <CodeBlock key={i} label={`Example ${i + 1} of ${type.name}`} value={example} />
          ))}
        </div>
      </div>
    </td>
  </tr>
);

const TypeRow = ({
  type,
  open,
  onToggle,
}: {
  type: EventType;
  open: boolean;
  onToggle: () => void;
}) => {
  const detailsId = `type-${type.name.replace(/[^a-z0-9_-]/gi, '-')}`;
  return (
    <>
      <tr class={open ? 'catalog-row is-open' : 'catalog-row'}>
        <td>
          <div class="catalog-name">
            <button
              type="button"
              class="catalog-toggle"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={onToggle}
            >
              <span class="catalog-chevron" aria-hidden="true" />
              <span class="mono">{type.name}</span>
            </button>
            {type.deprecated && <Badge tone="warning">Deprecated</Badge>}
          </div>
        </td>
        <td class="catalog-about">{type.description}</td>
        <td class="numeric">v{type.version}</td>
      </tr>
      {open && <TypeDetails type={type} id={detailsId} />}
    </>
  );
};

/** The catalog by prefix, each type opening onto its schema and examples. */
const CatalogTable = ({ types, search }: { types: readonly EventType[]; search: string }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setOpen((was) => {
      const now = new Set(was);
      if (!now.delete(name)) now.add(name);
      return now;
    });
  const groups = groupByPrefix(types.filter((type) => matchesSearch(type, search)));
  if (groups.length === 0)
    return (
      <div class="card">
        <EmptyState title="No event type matches">
          Nothing is named like “{search}”. Try part of a name, such as <code>order</code>.
        </EmptyState>
      </div>
    );
  return (
    <div class="card table-wrap">
      <table class="table catalog-table">
        <caption class="visually-hidden">Event types</caption>
        <colgroup>
          <col class="catalog-col-name" />
          <col class="catalog-col-about" />
          <col class="catalog-col-version" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Event type</th>
            <th scope="col" class="catalog-about">
              Description
            </th>
            <th scope="col" class="numeric">
              Version
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.prefix}>
            <tr class="catalog-group">
              <th scope="rowgroup" colSpan={COLUMNS}>
                <span class="mono">{group.label}</span>
                <span class="catalog-group-count">
                  {group.types.length} type{group.types.length === 1 ? '' : 's'}
                </span>
              </th>
            </tr>
            {group.types.map((type) => (
              <TypeRow
                key={type.name}
                type={type}
                open={open.has(type.name)}
                onToggle={() => toggle(type.name)}
              />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
};

/** The events the platform sends: by prefix, with what each means, its schema and examples. */
export const EventCatalogPage = () => {
  const { api } = usePortal();
  const types = useLoad(() => unwrap(api.GET('/v1/event-types')));
  const [search, setSearch] = useState('');
  return (
    <>
      <PageHeader
        title="Event catalog"
        description="Every event type your endpoints can receive: what it means, the shape of its data, and an example."
      />
      {types.state === 'loading' && <Loading />}
      {types.state === 'failed' && <ErrorState problem={types.problem} onRetry={types.reload} />}
      {types.state === 'ready' &&
        (types.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No event types yet" />
          </div>
        ) : (
          <>
            <div class="catalog-search">
              <TextField
                type="search"
                label="Search event types"
                placeholder="order.created"
                value={search}
                onValue={setSearch}
              />
            </div>
            <CatalogTable types={types.data.data} search={search} />
          </>
        ))}
    </>
  );
};
