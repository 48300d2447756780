import type { AuthMode } from './auth-mode';

export const PASSWORD_MIN_LENGTH = 6;

export type AuthFormValues = {
  fullName: string;
  username: string;
  email: string;
  password: string;
};

export type AuthFormField = keyof AuthFormValues;
export type AuthFormErrors = Partial<Record<AuthFormField, string>>;

export const EMPTY_AUTH_FORM: AuthFormValues = {
  fullName: '',
  username: '',
  email: '',
  password: '',
};

export const AUTH_FORM_MESSAGES = {
  fullNameRequired: 'Full name is required',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
} as const;

/** The fields in the order they appear, for focusing the first invalid one. */
export const AUTH_FORM_FIELD_ORDER: readonly AuthFormField[] = [
  'fullName',
  'username',
  'email',
  'password',
];

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthFormRules = {
  mode: AuthMode;
  /** The modal requires it when registering; the /auth page keeps it optional (spec §5). */
  fullNameRequired: boolean;
};

/**
 * Spec §5: email required and valid; password required, at least 6 characters; when
 * registering, username required (and full name where the screen requires it).
 */
export const validateAuthForm = (
  values: AuthFormValues,
  { mode, fullNameRequired }: AuthFormRules,
): AuthFormErrors => {
  const errors: AuthFormErrors = {};
  if (mode === 'register') {
    if (fullNameRequired && values.fullName.trim() === '')
      errors.fullName = AUTH_FORM_MESSAGES.fullNameRequired;
    if (values.username.trim() === '') errors.username = AUTH_FORM_MESSAGES.usernameRequired;
  }
  const email = values.email.trim();
  if (email === '') errors.email = AUTH_FORM_MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = AUTH_FORM_MESSAGES.emailInvalid;
  if (values.password === '') errors.password = AUTH_FORM_MESSAGES.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = AUTH_FORM_MESSAGES.passwordTooShort;
  return errors;
};

export const firstInvalidAuthField = (errors: AuthFormErrors): AuthFormField | undefined =>
  AUTH_FORM_FIELD_ORDER.find((field) => errors[field] !== undefined);
