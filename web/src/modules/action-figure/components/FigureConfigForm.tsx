import type { Dispatch } from 'react';
import { useId } from 'react';

import { describedBy, FormField, formControlClassName } from '../../ui/components/FormField';
import {
  FIGURE_STYLE_OPTIONS,
  POSE_OPTIONS,
  PROFESSION_PRESETS,
} from '../utils/action-figure-options';
import type { FigureAction, FigureForm } from '../utils/figure-config';

import { AccessoryEditor } from './AccessoryEditor';
import styles from './FigureConfigForm.module.css';
import { ProfessionPicker } from './ProfessionPicker';

type FigureConfigFormProps = {
  form: FigureForm;
  dispatch: Dispatch<FigureAction>;
};

const OptionSelect = ({
  label,
  value,
  options,
  placeholder,
  error,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}) => {
  const id = useId();
  return (
    <FormField id={id} label={label} required error={error}>
      <select
        id={id}
        className={formControlClassName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FormField>
  );
};

/** Name, profession, accessories, pose and style: what goes on the card and into the prompt. */
export const FigureConfigForm = ({ form, dispatch }: FigureConfigFormProps) => {
  const nameId = useId();
  const suggestions =
    PROFESSION_PRESETS.find((preset) => preset.name === form.preset)?.accessories ?? [];
  return (
    <div className={styles.form}>
      <FormField
        id={nameId}
        label="Name"
        required
        hint="Printed on the card, e.g. your first name or a nickname."
        error={form.errors.name}
      >
        <input
          id={nameId}
          type="text"
          className={formControlClassName}
          value={form.name}
          maxLength={60}
          autoComplete="given-name"
          onChange={(event) => dispatch({ type: 'name', value: event.target.value })}
          aria-invalid={form.errors.name ? true : undefined}
          aria-describedby={describedBy(nameId, {
            hint: 'Printed on the card, e.g. your first name or a nickname.',
            error: form.errors.name,
          })}
        />
      </FormField>

      <ProfessionPicker
        preset={form.preset}
        customProfession={form.customProfession}
        error={form.errors.profession}
        onPreset={(name) => dispatch({ type: 'preset', name })}
        onCustom={(value) => dispatch({ type: 'customProfession', value })}
      />

      <AccessoryEditor
        accessories={form.accessories}
        suggestions={suggestions}
        onToggle={(item) => dispatch({ type: 'toggleAccessory', item })}
        onAdd={(raw) => dispatch({ type: 'addAccessory', raw })}
        onRemove={(item) => dispatch({ type: 'removeAccessory', item })}
      />

      <div className={styles.pair}>
        <OptionSelect
          label="Pose"
          value={form.pose}
          options={POSE_OPTIONS}
          placeholder="Choose a pose"
          error={form.errors.pose}
          onChange={(value) => dispatch({ type: 'pose', value })}
        />
        <OptionSelect
          label="Style"
          value={form.style}
          options={FIGURE_STYLE_OPTIONS}
          placeholder="Choose a style"
          error={form.errors.style}
          onChange={(value) => dispatch({ type: 'style', value })}
        />
      </div>
    </div>
  );
};
