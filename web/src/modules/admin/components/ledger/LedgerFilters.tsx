import { useId } from 'react';

import { Button } from '../../../ui/components/Button';
import { LEDGER_TYPES } from '../../utils/admin-format';
import type { LedgerFilterState } from '../../utils/ledger-filter';
import styles from '../admin.module.css';

type LedgerFiltersProps = {
  value: LedgerFilterState;
  onChange: (next: LedgerFilterState) => void;
  onApply: () => void;
  onReset: () => void;
  /** Views across users may be narrowed to one (finance). */
  showUserFilter: boolean;
  error: string | null;
};

/** Types (any number), a UTC date range and, for finance, a user: applied together. */
export const LedgerFilters = ({
  value,
  onChange,
  onApply,
  onReset,
  showUserFilter,
  error,
}: LedgerFiltersProps) => {
  const id = useId();
  const toggleType = (type: string, checked: boolean) =>
    onChange({
      ...value,
      types: checked ? [...value.types, type] : value.types.filter((t) => t !== type),
    });
  return (
    <form
      className={styles.filters}
      aria-label="Filter the credit history"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend>Types (none checked: all)</legend>
        {LEDGER_TYPES.map(({ type, label }) => (
          <label key={type} className={styles.chip}>
            <input
              type="checkbox"
              name="types"
              value={type}
              checked={value.types.includes(type)}
              onChange={(event) => toggleType(type, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className={styles.toolbar}>
        {showUserFilter && (
          <label className={`${styles.field} ${styles.grow}`}>
            <span className={styles.fieldLabel}>User id (optional)</span>
            <input
              className={styles.control}
              name="userId"
              value={value.userId}
              spellCheck={false}
              autoComplete="off"
              placeholder="All users"
              onChange={(event) => onChange({ ...value, userId: event.target.value })}
            />
          </label>
        )}
        <label className={styles.field} htmlFor={`${id}-from`}>
          <span className={styles.fieldLabel}>From (UTC)</span>
          <input
            id={`${id}-from`}
            className={styles.control}
            type="date"
            name="from"
            value={value.from}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-to`}>
          <span className={styles.fieldLabel}>To (UTC, inclusive)</span>
          <input
            id={`${id}-to`}
            className={styles.control}
            type="date"
            name="to"
            value={value.to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
          />
        </label>
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onReset}>
          Reset
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.alert} role="alert">
          {error}
        </p>
      )}
    </form>
  );
};
