import { Link } from 'react-router';

import { CheckboxField } from '../../ui/components/FormField';
import { contactFieldId } from '../hooks/useContactForm';

import styles from './ContactForm.module.css';

type ContactConsentsProps = {
  gdprConsent: boolean;
  marketingConsent: boolean;
  gdprError: string | undefined;
  onChange: (field: 'gdprConsent' | 'marketingConsent', checked: boolean) => void;
};

/** The required consent to processing and the optional one to product news. */
export const ContactConsents = ({
  gdprConsent,
  marketingConsent,
  gdprError,
  onChange,
}: ContactConsentsProps) => (
  <fieldset className={styles.consents}>
    <legend className="visually-hidden">Consent</legend>
    <CheckboxField
      id={contactFieldId('gdprConsent')}
      name="gdprConsent"
      required
      checked={gdprConsent}
      onChange={(checked) => onChange('gdprConsent', checked)}
      error={gdprError}
      label={
        <>
          I agree that my details are processed to answer this message, as described in the{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </>
      }
    />
    <CheckboxField
      id={contactFieldId('marketingConsent')}
      name="marketingConsent"
      checked={marketingConsent}
      onChange={(checked) => onChange('marketingConsent', checked)}
      label="Send me occasional product news and new styles. You can unsubscribe at any time."
    />
  </fieldset>
);
