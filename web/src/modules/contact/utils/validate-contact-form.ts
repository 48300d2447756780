import type { ContactMessageInput } from '../../../gql/graphql';

import { isContactCategory, toContactCategoryEnum } from './contact-categories';
import type { ContactCategory } from './contact-categories';

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 1000;

export type ContactFormValues = {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory | '';
  message: string;
  gdprConsent: boolean;
  marketingConsent: boolean;
};

export type ContactFormField = keyof ContactFormValues;

export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  subject: '',
  category: '',
  message: '',
  gdprConsent: false,
  marketingConsent: false,
};

/** "Shaped like an email": something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  categoryRequired: 'Please select a category',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters long',
  gdprConsentRequired: 'You must consent to data processing to submit this form',
} as const;

/** Validates the contact form (spec §5). Subject and marketing consent are optional. */
export const validateContactForm = (values: ContactFormValues): ContactFormErrors => {
  const errors: ContactFormErrors = {};
  const email = values.email.trim();
  const message = values.message.trim();

  if (!values.name.trim()) errors.name = CONTACT_FORM_MESSAGES.nameRequired;

  if (!email) errors.email = CONTACT_FORM_MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = CONTACT_FORM_MESSAGES.emailInvalid;

  if (!values.category || !isContactCategory(values.category)) {
    errors.category = CONTACT_FORM_MESSAGES.categoryRequired;
  }

  if (!message) errors.message = CONTACT_FORM_MESSAGES.messageRequired;
  else if (message.length < CONTACT_MESSAGE_MIN_LENGTH)
    errors.message = CONTACT_FORM_MESSAGES.messageTooShort;

  if (!values.gdprConsent) errors.gdprConsent = CONTACT_FORM_MESSAGES.gdprConsentRequired;

  return errors;
};

export const hasErrors = (errors: ContactFormErrors): boolean => Object.keys(errors).length > 0;

/** A field's error clears as soon as that field is edited. */
export const clearFieldError = (
  errors: ContactFormErrors,
  field: ContactFormField,
): ContactFormErrors => {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

/** The field order of the form, used to focus the first invalid field. */
export const CONTACT_FIELD_ORDER: readonly ContactFormField[] = [
  'name',
  'email',
  'subject',
  'category',
  'message',
  'gdprConsent',
  'marketingConsent',
];

export const firstInvalidField = (errors: ContactFormErrors): ContactFormField | undefined =>
  CONTACT_FIELD_ORDER.find((field) => field in errors);

/** Builds the mutation input from a valid form (call validateContactForm first). */
export const toContactMessageInput = (values: ContactFormValues): ContactMessageInput => {
  if (!values.category) throw new Error('A valid contact form has a category');
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    category: toContactCategoryEnum(values.category),
    message: values.message.trim(),
    gdprConsent: values.gdprConsent,
    marketingConsent: values.marketingConsent,
  };
};
