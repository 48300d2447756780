import { useCallback, useState } from 'react';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/**
 * A form's values and per-field errors. Editing a field clears its error (spec §5: each message
 * goes away when its field is edited).
 */
export const useFormFields = <Values extends object>(initial: Values) => {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setField = useCallback(<F extends keyof Values>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest as FieldErrors<Values>);
  }, []);

  return { values, setValues, errors, setErrors, setField };
};
