import { describe, expect, it } from 'vitest';

import { PROFILE_FORM_MESSAGES, validateProfileForm } from './validate-profile-form';

describe('validateProfileForm', () => {
  it('accepts a username of letters, numbers, dots, dashes and underscores, and an empty full name', () => {
    expect(validateProfileForm({ username: ' Zoë_42.x-y ', fullName: '' })).toEqual({});
  });

  it.each([
    ['   ', PROFILE_FORM_MESSAGES.usernameRequired],
    ['a'.repeat(41), PROFILE_FORM_MESSAGES.usernameTooLong],
    ['two words', PROFILE_FORM_MESSAGES.usernameCharacters],
    ['at@sign', PROFILE_FORM_MESSAGES.usernameCharacters],
  ])('refuses the username %j', (username, message) => {
    expect(validateProfileForm({ username, fullName: '' })).toEqual({ username: message });
  });

  it('refuses a full name over 100 characters', () => {
    expect(validateProfileForm({ username: 'ok', fullName: 'n'.repeat(101) })).toEqual({
      fullName: PROFILE_FORM_MESSAGES.fullNameTooLong,
    });
  });
});
