import type { ReactNode } from 'react';

import styles from './admin.module.css';

/** A column heading; numeric columns align right. `false` leaves a conditional column out. */
export type AdminColumn = { label: ReactNode; key?: string; numeric?: boolean } | false;

type AdminTableProps = {
  /** The scrolling region's name for screen readers. */
  label: string;
  caption?: ReactNode;
  columns: readonly AdminColumn[];
  /** The body's rows. */
  children: ReactNode;
};

/**
 * The staff console's table: a keyboard-scrollable labelled region (axe's
 * scrollable-region-focusable), an optional caption, one header row, then the rows.
 */
export const AdminTable = ({ label, caption, columns, children }: AdminTableProps) => (
  <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={label}>
    <table className={styles.table}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map(
            (column, index) =>
              column && (
                <th
                  key={column.key ?? (typeof column.label === 'string' ? column.label : index)}
                  scope="col"
                  className={column.numeric ? styles.num : undefined}
                >
                  {column.label}
                </th>
              ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);
