import type { ReactNode } from 'react';

/**
 * A studio list as a table: named for screen readers, scrolled sideways on its own (and by keyboard) when the
 * screen is narrower than its columns. `children` are its body's rows.
 */
export function StudioTable({
  caption,
  columns,
  className,
  tableClassName,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The frame's spacing above it, e.g. `mt-4`. */
  className: string;
  /** The width under which it scrolls, e.g. `min-w-3xl`. */
  tableClassName: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`${className} overflow-x-auto rounded-card border border-ink/10 bg-surface`}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className={`w-full ${tableClassName} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink/10 text-ink-soft">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
