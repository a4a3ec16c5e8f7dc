import type { ComponentChildren } from 'preact';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ComponentChildren;
  /** Right-aligned, with figures of equal width. */
  numeric?: boolean;
  /** Left out on a phone-wide screen. */
  wide?: boolean;
};

export type TableProps<Row> = {
  /** Names the table for screen readers; shown above it unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
};

/** A table in a card, scrolling sideways when the screen is narrower than it. */
export const Table = <Row,>({ caption, hideCaption, columns, rows, rowKey }: TableProps<Row>) => {
  const classOf = (column: Column<Row>) =>
    [column.numeric && 'numeric', column.wide && 'hide-narrow'].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div class="card table-wrap">
      <table class="table">
        <caption class={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" class={classOf(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} class={classOf(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
