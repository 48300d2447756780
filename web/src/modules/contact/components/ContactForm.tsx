import { Button } from '../../ui/components/Button';
import {
  FormField,
  TextField,
  describedBy,
  formControlClassName,
} from '../../ui/components/FormField';
import { IconArrowRight, IconCheck } from '../../ui/icons/icons';
import { contactFieldId, useContactForm } from '../hooks/useContactForm';
import { CONTACT_CATEGORIES, isContactCategory } from '../utils/contact-categories';

import { ContactConsents } from './ContactConsents';
import styles from './ContactForm.module.css';
import { ContactMessageField } from './ContactMessageField';

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

      <ContactMessageField
        value={values.message}
        error={errors.message}
        onChange={(value) => setField('message', value)}
      />

      <ContactConsents
        gdprConsent={values.gdprConsent}
        marketingConsent={values.marketingConsent}
        gdprError={errors.gdprConsent}
        onChange={setField}
      />

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
          busy={sending}
          iconEnd={sending ? undefined : <IconArrowRight size={20} />}
        >
          {sending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
};
