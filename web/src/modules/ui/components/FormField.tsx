import type { InputHTMLAttributes, ReactNode } from 'react';

import styles from './FormField.module.css';

export const formControlClassName = styles.control;
export const formAlertClassName = styles.alert;

type FormFieldProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** Right-aligned extra, such as a character counter. */
  aside?: ReactNode;
  children: ReactNode;
};

export const fieldErrorId = (id: string): string => `${id}-error`;
export const fieldHintId = (id: string): string => `${id}-hint`;

/** Describes a control by its hint and error, for aria-describedby. */
export const describedBy = (
  id: string,
  { hint, error }: { hint?: string; error?: string },
): string | undefined =>
  [hint && fieldHintId(id), error && fieldErrorId(id)].filter(Boolean).join(' ') || undefined;

export const FormField = ({
  id,
  label,
  required = false,
  hint,
  error,
  aside,
  children,
}: FormFieldProps) => (
  <div className={styles.field}>
    <div className={styles.labelRow}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : (
          <span className={styles.optional}> (optional)</span>
        )}
      </label>
      {aside && <span className={styles.aside}>{aside}</span>}
    </div>
    {children}
    {hint && (
      <p id={fieldHintId(id)} className={styles.hint}>
        {hint}
      </p>
    )}
    {error && (
      <p id={fieldErrorId(id)} className={styles.error}>
        {error}
      </p>
    )}
  </div>
);

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'required'
> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  aside?: ReactNode;
};

/** A labelled text input whose hint and error are wired to it for assistive technology. */
export const TextField = ({
  id,
  label,
  value,
  onValueChange,
  required = false,
  hint,
  error,
  aside,
  ...input
}: TextFieldProps) => (
  <FormField id={id} label={label} required={required} hint={hint} error={error} aside={aside}>
    <input
      {...input}
      id={id}
      className={formControlClassName}
      value={value}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { hint, error })}
      onChange={(event) => onValueChange(event.target.value)}
    />
  </FormField>
);

type CheckboxFieldProps = {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  required?: boolean;
  error?: string;
  disabled?: boolean;
};

export const CheckboxField = ({
  id,
  name,
  checked,
  onChange,
  label,
  required = false,
  error,
  disabled,
}: CheckboxFieldProps) => (
  <div className={styles.checkbox}>
    <input
      id={id}
      name={name}
      type="checkbox"
      className={styles.checkboxInput}
      checked={checked}
      disabled={disabled}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : undefined}
      onChange={(event) => onChange(event.target.checked)}
    />
    <label htmlFor={id} className={styles.checkboxLabel}>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
    {error && (
      <p id={fieldErrorId(id)} className={`${styles.error} ${styles.checkboxError}`}>
        {error}
      </p>
    )}
  </div>
);
