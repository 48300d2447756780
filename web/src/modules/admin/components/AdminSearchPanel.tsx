import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../ui/components/Button';
import type { AdminSearch } from '../hooks/useAdminSearch';
import { QueryState } from './QueryState';
import styles from './admin.module.css';

/** `action`: the row's buttons, kept in view when the table scrolls sideways. */
type SearchColumn = { heading: ReactNode; numeric?: boolean; action?: boolean };

type AdminSearchPanelProps<Match> = {
  /** The console section the search lives in; the term goes into its address as `q`. */
  section: string;
  title: string;
  intro: ReactNode;
  fieldLabel: string;
  search: AdminSearch<Match>;
  /** The singular noun of what is searched for ("gift"); the caption adds an "s". */
  noun: string;
  /** The table's column headings, left to right. */
  columns: readonly SearchColumn[];
  /** The table's body (its rows), shown when something matched. */
  children: (matches: readonly Match[]) => ReactNode;
  /** Shown at the panel's end whatever matched (a dialog opened from a row). */
  footer?: ReactNode;
};

/**
 * A staff search panel: the form that puts the term into the address, the loading and error
 * lines, the "nothing matches" note, and the table of matches.
 */
export const AdminSearchPanel = <Match,>({
  section,
  title,
  intro,
  fieldLabel,
  search: { query, term, loading, error, matches },
  noun,
  columns,
  children,
  footer,
}: AdminSearchPanelProps<Match>) => {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(query);
  const titleId = `${noun}-search-title`;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className={styles.panelTitle}>
          {title}
        </h2>
        <p className={styles.panelIntro}>{intro}</p>
      </div>
      <form
        role="search"
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          const next = draft.trim();
          const sectionPath = `/admin?section=${section}`;
          void navigate(next ? `${sectionPath}&q=${encodeURIComponent(next)}` : sectionPath);
        }}
      >
        <label className={`${styles.field} ${styles.grow}`}>
          <span className={styles.fieldLabel}>{fieldLabel}</span>
          <input
            className={styles.control}
            type="search"
            name="q"
            value={draft}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>

      <QueryState
        loading={!!term && loading && !matches}
        loadingText="Searching…"
        error={term ? error : undefined}
        errorText="The search failed. Please try again."
      />
      {matches?.length === 0 && (
        <p className={styles.empty} role="status">
          No {noun} matches “{term}”.
        </p>
      )}
      {matches && matches.length > 0 && (
        <div
          className={styles.tableWrap}
          tabIndex={0}
          role="region"
          aria-label={`Matching ${noun}s`}
        >
          <table className={styles.table}>
            <caption>
              {matches.length === 1 ? `1 ${noun}` : `${matches.length} ${noun}s`} matching “{term}”
            </caption>
            <thead>
              <tr>
                {columns.map(({ heading, numeric, action }, index) => (
                  <th
                    key={index}
                    scope="col"
                    className={numeric ? styles.num : action ? styles.actionCell : undefined}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            {children(matches)}
          </table>
        </div>
      )}
      {footer}
    </section>
  );
};
