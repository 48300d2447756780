import { describe, expect, it } from 'vitest';

import { isSafeRedirectPath } from './post-login-redirect';
import { AUTH_FORM_MESSAGES, EMPTY_AUTH_FORM, validateAuthForm } from './validate-auth-form';

const valid = { fullName: '', username: 'ada', email: 'ada@example.com', password: 'secret' };

describe('auth form rules (spec §5)', () => {
  it('login needs a valid email and a password of at least 6 characters', () => {
    expect(validateAuthForm(EMPTY_AUTH_FORM, { mode: 'login', fullNameRequired: true })).toEqual({
      email: AUTH_FORM_MESSAGES.emailRequired,
      password: AUTH_FORM_MESSAGES.passwordRequired,
    });
    expect(
      validateAuthForm(
        { ...valid, email: 'ada@', password: '12345' },
        { mode: 'login', fullNameRequired: true },
      ),
    ).toEqual({
      email: AUTH_FORM_MESSAGES.emailInvalid,
      password: AUTH_FORM_MESSAGES.passwordTooShort,
    });
    expect(
      validateAuthForm({ ...valid, username: '' }, { mode: 'login', fullNameRequired: true }),
    ).toEqual({});
  });

  it('register needs a username; full name only where the screen requires it', () => {
    expect(
      validateAuthForm({ ...valid, username: ' ' }, { mode: 'register', fullNameRequired: false }),
    ).toEqual({
      username: AUTH_FORM_MESSAGES.usernameRequired,
    });
    expect(validateAuthForm(valid, { mode: 'register', fullNameRequired: true })).toEqual({
      fullName: AUTH_FORM_MESSAGES.fullNameRequired,
    });
    expect(validateAuthForm(valid, { mode: 'register', fullNameRequired: false })).toEqual({});
  });

  it('follows only same-site redirect paths', () => {
    expect(isSafeRedirectPath('/pricing')).toBe(true);
    expect(isSafeRedirectPath('//evil.example')).toBe(false);
    expect(isSafeRedirectPath('https://evil.example')).toBe(false);
    expect(isSafeRedirectPath('/\\evil.example')).toBe(false);
    expect(isSafeRedirectPath(null)).toBe(false);
  });
});
