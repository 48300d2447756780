import { useId } from 'react';

import { fieldErrorId, formControlClassName } from '../../ui/components/FormField';
import { cx } from '../../ui/utils/cx';
import { PROFESSION_PRESETS } from '../utils/action-figure-options';

import { ProfessionIcon } from './ProfessionIcon';
import styles from './ProfessionPicker.module.css';

type ProfessionPickerProps = {
  preset: string | null;
  customProfession: string;
  error?: string;
  onPreset: (name: string) => void;
  onCustom: (value: string) => void;
};

/** The 20 presets as a radio group of icon cards, or a profession of your own. */
export const ProfessionPicker = ({
  preset,
  customProfession,
  error,
  onPreset,
  onCustom,
}: ProfessionPickerProps) => {
  const id = useId();
  const customId = `${id}-custom`;
  const errorId = fieldErrorId(id);
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        Profession
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      <div className={styles.grid}>
        {PROFESSION_PRESETS.map(({ name }) => (
          <label key={name} className={cx(styles.option, preset === name && styles.selected)}>
            <input
              type="radio"
              name={`${id}-preset`}
              value={name}
              checked={preset === name}
              onChange={() => onPreset(name)}
              className={styles.radio}
            />
            <ProfessionIcon profession={name} size={18} className={styles.icon} />
            <span className={styles.name}>{name}</span>
          </label>
        ))}
      </div>
      <label htmlFor={customId} className={styles.customLabel}>
        Or type your own profession
      </label>
      <input
        id={customId}
        type="text"
        className={cx(formControlClassName, styles.custom)}
        value={customProfession}
        maxLength={80}
        placeholder="e.g. Marine Biologist"
        autoComplete="organization-title"
        onChange={(event) => onCustom(event.target.value)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
};
