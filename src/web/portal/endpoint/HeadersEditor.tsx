import { useId } from 'preact/hooks';
import type { Problem } from '../../shared/api';
import { Button } from '../../shared/components';
import type { HeaderRow } from './endpointDraft';
import { faultOf, headerRow, isSensitiveHeader } from './endpointDraft';

type RowProps = {
  row: HeaderRow;
  index: number;
  error: string | undefined;
  onRow: (row: HeaderRow) => void;
  onRemove: () => void;
};

/** A header whose value the API keeps sealed: it can be replaced or removed, never read. */
const SealedRow = ({ row, onRow, onRemove }: RowProps) => (
  <li class="header-row">
    <span class="header-name mono">{row.name}</span>
    <span class="header-sealed">
      <span aria-hidden="true">••••••••</span> Hidden: kept as saved
    </span>
    <div class="header-actions">
      <Button size="small" onClick={() => onRow({ ...row, sealed: false, value: '' })}>
        Replace value<span class="visually-hidden"> of {row.name}</span>
      </Button>
      <Button size="small" variant="ghost" onClick={onRemove}>
        Remove<span class="visually-hidden"> {row.name}</span>
      </Button>
    </div>
  </li>
);

/** A header being written; a credential's value is typed like a password. */
const EditableRow = ({ row, index, error, onRow, onRemove }: RowProps) => {
  const id = useId();
  const sensitive = isSensitiveHeader(row.name);
  return (
    <li class="header-row">
      <label class="visually-hidden" for={`${id}-name`}>
        Header {index + 1} name
      </label>
      <input
        id={`${id}-name`}
        class="input mono"
        placeholder="X-Custom-Header"
        spellcheck={false}
        autoComplete="off"
        value={row.name}
        onInput={(e) => onRow({ ...row, name: e.currentTarget.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label class="visually-hidden" for={`${id}-value`}>
        Header {index + 1} value
      </label>
      <input
        id={`${id}-value`}
        class="input mono"
        // Preact types each input type apart, though both of these take text.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        type={(sensitive ? 'password' : 'text') as 'text'}
        placeholder="Value"
        spellcheck={false}
        autoComplete="off"
        value={row.value}
        onInput={(e) => onRow({ ...row, value: e.currentTarget.value })}
      />
      <div class="header-actions">
        <Button size="small" variant="ghost" onClick={onRemove}>
          Remove<span class="visually-hidden"> header {index + 1}</span>
        </Button>
      </div>
      {error && (
        <span id={`${id}-error`} class="field-error header-error">
          {error}
        </span>
      )}
    </li>
  );
};

/**
 * The headers sent with every delivery. Values under credential names (Authorization, cookies,
 * names with token, secret, key or auth) are sealed by the API and never shown again.
 */
export const HeadersEditor = ({
  rows,
  onRows,
  problem,
}: {
  rows: HeaderRow[];
  onRows: (rows: HeaderRow[]) => void;
  problem: Problem | undefined;
}) => {
  const id = useId();
  const change = (key: number, row: HeaderRow) =>
    onRows(rows.map((r) => (r.key === key ? row : r)));
  const remove = (key: number) => onRows(rows.filter((r) => r.key !== key));
  const rowsFault = (problem?.errors ?? []).find((fault) => fault.path === 'headers');
  return (
    <section class="card form-section headers-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Custom headers</h2>
      <p class="field-hint">
        Sent with every delivery, for example to pass your gateway. Values of credentials
        (Authorization, cookies, names with token, secret, key or auth) are stored sealed and never
        shown again: saved ones read “Hidden”.
      </p>
      {rows.length > 0 && (
        <ul class="header-rows">
          {rows.map((row, index) => {
            const props: RowProps = {
              row,
              index,
              error: faultOf(problem, `headers.${row.name.trim()}`),
              onRow: (changed) => change(row.key, changed),
              onRemove: () => remove(row.key),
            };
            return row.sealed ? (
              <SealedRow key={row.key} {...props} />
            ) : (
              <EditableRow key={row.key} {...props} />
            );
          })}
        </ul>
      )}
      {rowsFault && <span class="field-error">{rowsFault.message}</span>}
      <Button size="small" onClick={() => onRows([...rows, headerRow()])}>
        Add header
      </Button>
    </section>
  );
};
