export type ProfileFormValues = { fullName: string; username: string };
export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** The server's rules and words (api/src/accounts/account-validation.ts), checked before sending. */
export const PROFILE_FORM_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 40 characters',
  usernameCharacters: 'Username may only contain letters, numbers, dots, dashes and underscores',
  fullNameTooLong: 'Full name must be at most 100 characters',
} as const;

const USERNAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;

export const validateProfileForm = ({
  fullName,
  username,
}: ProfileFormValues): ProfileFormErrors => {
  const errors: ProfileFormErrors = {};
  const name = username.trim();
  if (name === '') errors.username = PROFILE_FORM_MESSAGES.usernameRequired;
  else if (name.length > 40) errors.username = PROFILE_FORM_MESSAGES.usernameTooLong;
  else if (!USERNAME_CHARACTERS.test(name))
    errors.username = PROFILE_FORM_MESSAGES.usernameCharacters;
  if (fullName.trim().length > 100) errors.fullName = PROFILE_FORM_MESSAGES.fullNameTooLong;
  return errors;
};
