import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';

import { errorFieldOf, userMessageOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { useFormFields } from '../../ui/hooks/useFormFields';
import {
  CONTACT_FIELD_ORDER,
  EMPTY_CONTACT_FORM,
  firstInvalidField,
  hasErrors,
  toContactMessageInput,
  validateContactForm,
} from '../utils/validate-contact-form';
import type { ContactFormField, ContactFormValues } from '../utils/validate-contact-form';

import { useSubmitContactMessage } from './useSubmitContactMessage';

export type ContactFormStatus = 'idle' | 'sending' | 'success' | 'error';

/** Element ids of the form's controls, so the first invalid one can be focused. */
export const contactFieldId = (field: ContactFormField): string => `contact-${field}`;

const isContactFormField = (field: string): field is ContactFormField =>
  (CONTACT_FIELD_ORDER as readonly string[]).includes(field);

export const useContactForm = () => {
  const { toast } = useToast();
  const { submitContactMessage } = useSubmitContactMessage();
  const {
    values,
    setValues,
    errors,
    setErrors,
    setField: setFormField,
  } = useFormFields<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [status, setStatus] = useState<ContactFormStatus>('idle');

  const setField = useCallback(
    <F extends ContactFormField>(field: F, value: ContactFormValues[F]) => {
      setFormField(field, value);
      setStatus((current) => (current === 'success' || current === 'error' ? 'idle' : current));
    },
    [setFormField],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;

    const validation = validateContactForm(values);
    setErrors(validation);
    if (hasErrors(validation)) {
      const first = firstInvalidField(validation);
      if (first) document.getElementById(contactFieldId(first))?.focus();
      return;
    }

    setStatus('sending');
    try {
      await submitContactMessage(toContactMessageInput(values));
      setValues(EMPTY_CONTACT_FORM);
      setStatus('success');
      toast({
        title: 'Message Sent Successfully!',
        description: "We'll get back to you within our standard response time.",
      });
    } catch (error) {
      setStatus('error');
      // The server checks the same rules (and the 1000-character maximum): show its message
      // under the field it names.
      const message = userMessageOf(error);
      const field = errorFieldOf(error);
      if (message && field && isContactFormField(field)) {
        setErrors({ [field]: message });
        document.getElementById(contactFieldId(field))?.focus();
      }
      toast({
        title: 'Message Failed to Send',
        description: message ?? 'Please try again or contact us directly via email.',
        variant: 'destructive',
      });
    }
  };

  return { values, errors, status, setField, onSubmit };
};
