import type { ReactNode } from 'react';

import { IconChevronDown } from '../icons/icons';

import styles from './FaqList.module.css';

export type FaqEntry = {
  question: string;
  answer: ReactNode;
};

type FaqListProps = {
  entries: readonly FaqEntry[];
};

export const FaqList = ({ entries }: FaqListProps) => (
  <ul className={styles.list}>
    {entries.map((entry) => (
      <li key={entry.question}>
        <details className={styles.item}>
          <summary className={styles.question}>
            <span>{entry.question}</span>
            <span className={styles.chevron} aria-hidden="true">
              <IconChevronDown size={18} />
            </span>
          </summary>
          <div className={styles.answer}>{entry.answer}</div>
        </details>
      </li>
    ))}
  </ul>
);
