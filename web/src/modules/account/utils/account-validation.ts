export const PASSWORD_MIN_LENGTH = 6;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailError = (value: string): string | undefined =>
  !value.trim()
    ? 'Email is required'
    : EMAIL_SHAPE.test(value.trim())
      ? undefined
      : 'Please enter a valid email address';

export const newPasswordError = (value: string): string | undefined =>
  !value
    ? 'Password is required'
    : value.length < PASSWORD_MIN_LENGTH
      ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
      : undefined;

export const currentPasswordError = (value: string): string | undefined =>
  value ? undefined : 'Enter your current password';

/** Drops the fields without a message. */
export const onlyErrors = <Name extends string>(
  errors: Record<Name, string | undefined>,
): Partial<Record<Name, string>> =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<
    Record<Name, string>
  >;
