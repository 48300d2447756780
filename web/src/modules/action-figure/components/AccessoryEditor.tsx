import type { KeyboardEvent } from 'react';
import { useId, useState } from 'react';

import { Button } from '../../ui/components/Button';
import { formControlClassName } from '../../ui/components/FormField';
import { IconCheck, IconClose } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import { hasAccessory, MAX_ACCESSORIES, MAX_ACCESSORY_LENGTH } from '../utils/accessory-rules';

import styles from './AccessoryEditor.module.css';

type AccessoryEditorProps = {
  accessories: readonly string[];
  /** The chosen preset's suggestions (none for a custom profession). */
  suggestions: readonly string[];
  onToggle: (item: string) => void;
  onAdd: (raw: string) => void;
  onRemove: (item: string) => void;
};

/** Suggested accessories to toggle, the chosen ones to remove, and your own by Add or Enter. */
export const AccessoryEditor = ({
  accessories,
  suggestions,
  onToggle,
  onAdd,
  onRemove,
}: AccessoryEditorProps) => {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = accessories.length >= MAX_ACCESSORIES;
  const custom = accessories.filter((item) => !hasAccessory(suggestions, item));

  const add = () => {
    onAdd(draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className={styles.editor} role="group" aria-labelledby={`${id}-title`}>
      <div className={styles.header}>
        <span id={`${id}-title`} className={styles.title}>
          Accessories <span className={styles.optional}>(optional)</span>
        </span>
        <span className={styles.count} aria-live="polite">
          {accessories.length}/{MAX_ACCESSORIES}
        </span>
      </div>

      {suggestions.length > 0 && (
        <ul className={styles.chips} aria-label="Suggested accessories">
          {suggestions.map((item) => {
            const on = hasAccessory(accessories, item);
            return (
              <li key={item}>
                <button
                  type="button"
                  className={cx(styles.chip, on && styles.chipOn)}
                  aria-pressed={on}
                  disabled={!on && full}
                  onClick={() => onToggle(item)}
                >
                  {on && <IconCheck size={14} />}
                  {item}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {custom.length > 0 && (
        <ul className={styles.chips} aria-label="Your accessories">
          {custom.map((item) => (
            <li key={item} className={cx(styles.chip, styles.chipOn, styles.chipCustom)}>
              {item}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${item}`}
                onClick={() => onRemove(item)}
              >
                <IconClose size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.addRow}>
        <label htmlFor={`${id}-input`} className={styles.visuallyHidden}>
          Add your own accessory
        </label>
        <input
          id={`${id}-input`}
          type="text"
          className={cx(formControlClassName, styles.input)}
          placeholder={full ? 'The card is full' : 'e.g. Coffee mug'}
          value={draft}
          maxLength={MAX_ACCESSORY_LENGTH}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add} disabled={full}>
          Add
        </Button>
      </div>
    </div>
  );
};
