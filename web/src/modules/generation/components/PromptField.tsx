import { useId } from 'react';

import { describedBy, FormField, formControlClassName } from '../../ui/components/FormField';
import { cx } from '../../ui/utils/cx';

import styles from './PromptField.module.css';

/** The API accepts prompts up to 1000 characters. */
export const MAX_PROMPT_LENGTH = 1000;

type PromptFieldProps = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  rows?: number;
  required?: boolean;
};

/** The "Custom Prompt" text area with a character counter. */
export const PromptField = ({
  value,
  onChange,
  label = 'Custom Prompt',
  hint,
  error,
  disabled = false,
  rows = 3,
  required = false,
}: PromptFieldProps) => {
  const id = useId();
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      aside={
        <span aria-hidden="true">
          {value.length}/{MAX_PROMPT_LENGTH}
        </span>
      }
    >
      <textarea
        id={id}
        className={cx(formControlClassName, styles.textarea)}
        value={value}
        rows={rows}
        maxLength={MAX_PROMPT_LENGTH}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, { hint, error })}
        aria-invalid={error ? true : undefined}
      />
    </FormField>
  );
};
