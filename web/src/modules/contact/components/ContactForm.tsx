import { Link } from 'react-router';

import { Button } from '../../ui/components/Button';
import {
  CheckboxField,
  FormField,
  TextField,
  describedBy,
  formControlClassName,
} from '../../ui/components/FormField';
import { Spinner } from '../../ui/components/Spinner';
import { IconArrowRight, IconCheck } from '../../ui/icons/icons';
import { contactFieldId, useContactForm } from '../hooks/useContactForm';
import { CONTACT_CATEGORIES, isContactCategory } from '../utils/contact-categories';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../utils/validate-contact-form';

import styles from './ContactForm.module.css';

export const ContactForm = () => {
  const { values, errors, status, setField, onSubmit } = useContactForm();
  const sending = status === 'sending';
  const id = contactFieldId;

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
      aria-busy={sending}
    >
      <h2 id="contact-form-title" className="visually-hidden">
        Send us a message
      </h2>

      <div className={styles.row}>
        <TextField
          id={id('name')}
          label="Name"
          required
          error={errors.name}
          name="name"
          autoComplete="name"
          value={values.name}
          onValueChange={(value) => setField('name', value)}
        />
        <TextField
          id={id('email')}
          label="Email"
          required
          error={errors.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onValueChange={(value) => setField('email', value)}
        />
      </div>

      <div className={styles.row}>
        <FormField id={id('category')} label="Category" required error={errors.category}>
          <select
            id={id('category')}
            name="category"
            className={formControlClassName}
            value={values.category}
            onChange={(event) =>
              setField('category', isContactCategory(event.target.value) ? event.target.value : '')
            }
            aria-required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy(id('category'), { error: errors.category })}
          >
            <option value="">Select a category</option>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        </FormField>
        <TextField
          id={id('subject')}
          label="Subject"
          name="subject"
          value={values.subject}
          onValueChange={(value) => setField('subject', value)}
        />
      </div>

      <FormField
        id={id('message')}
        label="Message"
        required
        error={errors.message}
        hint="At least 10 characters. For a generation problem, tell us the style and roughly when it happened."
        aside={
          <span aria-live="polite" aria-atomic="true">
            <span className="visually-hidden">Characters used: </span>
            {values.message.length}/{CONTACT_MESSAGE_MAX_LENGTH}
          </span>
        }
      >
        <textarea
          id={id('message')}
          name="message"
          className={formControlClassName}
          rows={7}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          value={values.message}
          onChange={(event) => setField('message', event.target.value)}
          aria-required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy(id('message'), {
            hint: 'At least 10 characters.',
            error: errors.message,
          })}
        />
      </FormField>

      <fieldset className={styles.consents}>
        <legend className="visually-hidden">Consent</legend>
        <CheckboxField
          id={id('gdprConsent')}
          name="gdprConsent"
          required
          checked={values.gdprConsent}
          onChange={(checked) => setField('gdprConsent', checked)}
          error={errors.gdprConsent}
          label={
            <>
              I agree that my details are processed to answer this message, as described in the{' '}
              <Link to="/privacy">Privacy Policy</Link>.
            </>
          }
        />
        <CheckboxField
          id={id('marketingConsent')}
          name="marketingConsent"
          checked={values.marketingConsent}
          onChange={(checked) => setField('marketingConsent', checked)}
          label="Send me occasional product news and new styles. You can unsubscribe at any time."
        />
      </fieldset>

      {status === 'success' && (
        <p className={`${styles.status} ${styles.success}`}>
          <IconCheck size={20} /> Thanks! Your message is on its way to our team.
        </p>
      )}
      {status === 'error' && (
        <p className={`${styles.status} ${styles.error}`}>
          Your message was not sent. Your text is still here, so you can try again.
        </p>
      )}

      <div className={styles.footer}>
        <p className={styles.requiredNote}>
          <span aria-hidden="true">* </span>Required fields
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={sending}
          icon={sending ? <Spinner /> : undefined}
          iconEnd={sending ? undefined : <IconArrowRight size={20} />}
        >
          {sending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
};
