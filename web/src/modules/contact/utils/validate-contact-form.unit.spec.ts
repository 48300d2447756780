import { describe, expect, it } from 'vitest';

import {
  CONTACT_FORM_MESSAGES,
  EMPTY_CONTACT_FORM,
  clearFieldError,
  firstInvalidField,
  hasErrors,
  toContactMessageInput,
  validateContactForm,
} from './validate-contact-form';
import type { ContactFormValues } from './validate-contact-form';

const valid: ContactFormValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: '',
  category: 'technical',
  message: 'My download button does nothing.',
  gdprConsent: true,
  marketingConsent: false,
};

describe('validateContactForm', () => {
  it('accepts a complete form; subject and marketing consent are optional', () => {
    expect(validateContactForm(valid)).toEqual({});
  });

  it('reports every missing required field with the spec’s messages', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      category: 'Please select a category',
      message: 'Message is required',
      gdprConsent: 'You must consent to data processing to submit this form',
    });
  });

  it('treats whitespace-only values as missing', () => {
    const errors = validateContactForm({ ...valid, name: '   ', email: ' ', message: '   ' });
    expect(errors.name).toBe(CONTACT_FORM_MESSAGES.nameRequired);
    expect(errors.email).toBe(CONTACT_FORM_MESSAGES.emailRequired);
    expect(errors.message).toBe(CONTACT_FORM_MESSAGES.messageRequired);
  });

  it.each([
    'ada',
    'ada@',
    'ada@example',
    '@example.com',
    'ada lovelace@example.com',
    'ada@exa mple.com',
  ])('rejects %j as an email address', (email) => {
    expect(validateContactForm({ ...valid, email }).email).toBe(
      'Please enter a valid email address',
    );
  });

  it.each(['ada@example.com', 'a.b+c@mail.example.co.uk', '  ada@example.com  '])(
    'accepts %j',
    (email) => {
      expect(validateContactForm({ ...valid, email }).email).toBeUndefined();
    },
  );

  it('requires at least 10 characters of message after trimming', () => {
    expect(validateContactForm({ ...valid, message: '   123456789   ' }).message).toBe(
      'Message must be at least 10 characters long',
    );
    expect(validateContactForm({ ...valid, message: '1234567890' }).message).toBeUndefined();
  });

  it('rejects a category outside the eight known ones', () => {
    expect(validateContactForm({ ...valid, category: 'sales' as never }).category).toBe(
      'Please select a category',
    );
  });
});

describe('form helpers', () => {
  it('clears only the edited field’s error', () => {
    const errors = validateContactForm(EMPTY_CONTACT_FORM);
    const cleared = clearFieldError(errors, 'email');
    expect(cleared.email).toBeUndefined();
    expect(cleared.name).toBe('Name is required');
    expect(clearFieldError(cleared, 'subject')).toBe(cleared);
  });

  it('finds the first invalid field in form order', () => {
    expect(firstInvalidField({ gdprConsent: 'x', message: 'y' })).toBe('message');
    expect(firstInvalidField({})).toBeUndefined();
    expect(hasErrors({})).toBe(false);
  });

  it('builds the mutation input with the enum category and trimmed text', () => {
    expect(
      toContactMessageInput({
        ...valid,
        name: ' Ada ',
        subject: ' Help ',
        category: 'gdpr',
        marketingConsent: true,
      }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Help',
      category: 'GDPR',
      message: 'My download button does nothing.',
      gdprConsent: true,
      marketingConsent: true,
    });
  });
});
