import { FormField, describedBy, formControlClassName } from '../../ui/components/FormField';
import { contactFieldId } from '../hooks/useContactForm';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../utils/validate-contact-form';

const MESSAGE_ID = contactFieldId('message');

type ContactMessageFieldProps = {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** The message box with its hint and a live count of the characters used. */
export const ContactMessageField = ({ value, error, onChange }: ContactMessageFieldProps) => (
  <FormField
    id={MESSAGE_ID}
    label="Message"
    required
    error={error}
    hint="At least 10 characters. For a generation problem, tell us the style and roughly when it happened."
    aside={
      <span aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">Characters used: </span>
        {value.length}/{CONTACT_MESSAGE_MAX_LENGTH}
      </span>
    }
  >
    <textarea
      id={MESSAGE_ID}
      name="message"
      className={formControlClassName}
      rows={7}
      maxLength={CONTACT_MESSAGE_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-required
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(MESSAGE_ID, {
        hint: 'At least 10 characters.',
        error: error,
      })}
    />
  </FormField>
);
