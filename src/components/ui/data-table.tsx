import type * as React from 'react';

/** One column: its heading, and what each row shows in it. */
export interface Column<Row> {
  /** The heading; on a phone, also the label over the value in each card. */
  label: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell names its row (a row header); on a phone it is the card's title, without a label. */
  rowHeader?: boolean;
  /** The cell holds buttons, which say what they do: on a phone they go without a label. */
  actions?: boolean;
  /** Classes of the column's cells, e.g. `text-right`. */
  className?: string;
  /** Classes of the column's heading, e.g. its width. */
  headClassName?: string;
}

const variants = {
  /** A table of its own on the page, in a frame. */
  framed: {
    table: '',
    frame: 'rounded-card border border-ink/10 bg-surface max-[700px]:border-0 max-[700px]:bg-transparent',
    head: 'border-b border-ink/10 text-ink-soft',
    headCell: 'px-4 py-3 font-semibold',
    row: 'border-b border-ink/5 last:border-0 max-[700px]:rounded-card max-[700px]:border max-[700px]:border-ink/10 max-[700px]:bg-surface max-[700px]:p-4 max-[700px]:last:border',
    cell: 'px-4 py-3 max-[700px]:p-0',
    body: 'max-[700px]:grid max-[700px]:gap-3',
  },
  /** A table inside a card, ruled between rows. */
  plain: {
    table: 'tabular-nums',
    frame: '',
    head: 'border-b border-line',
    headCell: 'py-2 pr-3 font-semibold',
    row: 'border-b border-line/60 max-[700px]:py-3',
    cell: 'py-2 pr-3 max-[700px]:p-0',
    body: '',
  },
} as const;

/** On a phone each cell is a line of its card, its column's name above it (drawn, so it adds no text). */
const cardCell =
  'max-[700px]:block max-[700px]:text-left max-[700px]:[&:not(:first-child)]:mt-2 max-[700px]:before:block max-[700px]:before:text-xs max-[700px]:before:font-semibold max-[700px]:before:text-ink-soft max-[700px]:before:content-[attr(data-label)]';

/**
 * A table that becomes a list of cards on a phone (below 700 px): each row a card showing all its cells, actions
 * included, each under its column's name. The roles are written out, since a table laid out as blocks loses them
 * in some browsers. `caption` names it for screen readers. Given `minWidth` (e.g. `min-w-3xl`), it scrolls
 * sideways on its own, by keyboard too, when the screen is wider than a phone's but narrower than that.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  variant = 'framed',
  minWidth,
  className = '',
}: {
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => React.Key;
  variant?: keyof typeof variants;
  minWidth?: string;
  /** The frame's spacing, e.g. `mt-4`. */
  className?: string;
}) {
  const look = variants[variant];
  const scrolls = minWidth !== undefined;
  return (
    <div
      data-slot="data-table"
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? caption : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={`${scrolls ? 'overflow-x-auto' : ''} ${look.frame} ${className}`}
    >
      <table
        role="table"
        className={`w-full text-left text-sm max-[700px]:block max-[700px]:min-w-0 ${look.table} ${minWidth ?? ''}`}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead role="rowgroup" className={`max-[700px]:sr-only ${look.head}`}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.label}
                role="columnheader"
                scope="col"
                className={`${look.headCell} ${column.headClassName ?? ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={`max-[700px]:block ${look.body}`}>
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className={`align-top max-[700px]:block ${look.row}`}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.label}
                    role="rowheader"
                    scope="row"
                    className={`${look.cell} ${cardCell} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.label}
                    role="cell"
                    data-label={column.actions ? undefined : column.label}
                    className={`${look.cell} ${cardCell} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
