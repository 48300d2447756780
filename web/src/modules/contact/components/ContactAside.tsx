import { Link } from 'react-router';

import { SUPPORT_EMAIL } from '../../app/utils/brand';
import { EmailText } from '../../ui/components/EmailText';
import { IconClock, IconMail, IconShield } from '../../ui/icons/icons';
import { RESPONSE_TIMES } from '../utils/contact-categories';

import styles from './ContactAside.module.css';

export const ContactAside = () => (
  <aside className={styles.aside} aria-label="Response times and other ways to reach us">
    <section className={styles.card} aria-labelledby="response-times-title">
      <h2 id="response-times-title" className={styles.title}>
        <IconClock size={20} className={styles.titleIcon} />
        Response times
      </h2>
      <dl className={styles.times}>
        {RESPONSE_TIMES.map((entry) => (
          <div key={entry.label} className={styles.time}>
            <dt>{entry.label}</dt>
            <dd>{entry.time}</dd>
          </div>
        ))}
      </dl>
    </section>
    <section className={styles.card} aria-labelledby="email-title">
      <h2 id="email-title" className={styles.title}>
        <IconMail size={20} className={styles.titleIcon} />
        Prefer email?
      </h2>
      <p className={styles.text}>
        Write to us directly at{' '}
        <a className={styles.email} href={`mailto:${SUPPORT_EMAIL}`}>
          <EmailText email={SUPPORT_EMAIL} />
        </a>
        .
      </p>
    </section>
    <section className={styles.card} aria-labelledby="data-title">
      <h2 id="data-title" className={styles.title}>
        <IconShield size={20} className={styles.titleIcon} />
        Your data
      </h2>
      <p className={styles.text}>
        To export or erase your personal data, choose “GDPR Data Request”. Read how we handle your
        details in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </section>
  </aside>
);
