import { useQuery } from '@apollo/client/react';
import { useId } from 'react';

import { graphql } from '../../../../gql';
import { formatUtc } from '../../utils/admin-format';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import ops from './OperationsSection.module.css';

const OUTBOX_QUERY = graphql(`
  query AdminMailOutbox {
    mailOutbox(first: 30) {
      transport
      messages {
        id
        kind
        to
        subject
        text
        createdAt
      }
    }
  }
`);

/** The mail kept when no SMTP server is configured (the embedded default), newest first. */
export const OutboxPanel = () => {
  const id = useId();
  const { data, loading, error } = useQuery(OUTBOX_QUERY, { fetchPolicy: 'network-only' });
  const outbox = data?.mailOutbox;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className={styles.panelTitle}>
          Mail outbox
        </h2>
        <p className={styles.panelIntro}>
          {outbox?.transport === 'smtp'
            ? 'Mail is sent through the SMTP server (SMTP_URL); nothing is kept here.'
            : 'No SMTP server is configured, so mail is kept here and printed to the server log instead of being sent.'}
        </p>
      </div>
      <QueryState
        loading={loading && !outbox}
        loadingText="Loading mail…"
        error={error}
        errorText={'The outbox could not be loaded.'}
      />
      {outbox?.transport === 'outbox' && outbox.messages.length === 0 && (
        <p className={styles.empty}>No mail yet.</p>
      )}
      {outbox && outbox.messages.length > 0 && (
        <ol className={ops.events} aria-label="Mail in the outbox">
          {outbox.messages.map((message) => (
            <li key={message.id} className={ops.event}>
              <div className={ops.eventHeader}>
                <span className={ops.eventType}>{message.subject}</span>
                <span className={styles.wrapAnywhere}>to {message.to}</span>
                <span className={styles.muted}>{message.kind}</span>
                <time className={styles.muted} dateTime={message.createdAt}>
                  {formatUtc(message.createdAt, { seconds: true })}
                </time>
              </div>
              <pre tabIndex={0} className={ops.mailText}>
                {message.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
