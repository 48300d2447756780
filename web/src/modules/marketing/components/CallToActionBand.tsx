import type { ReactNode } from 'react';

import styles from './CallToActionBand.module.css';

type CallToActionBandProps = {
  titleId: string;
  title: ReactNode;
  body: ReactNode;
  actions: ReactNode;
};

export const CallToActionBand = ({ titleId, title, body, actions }: CallToActionBandProps) => (
  <div className={styles.band}>
    <h2 id={titleId} className={styles.title}>
      {title}
    </h2>
    <p className={styles.body}>{body}</p>
    <div className={styles.actions}>{actions}</div>
  </div>
);
