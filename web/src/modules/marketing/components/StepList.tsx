import type { CSSProperties, ReactNode } from 'react';

import styles from './StepList.module.css';

export type StepItem = { title: string; body: ReactNode };

export const StepList = ({ steps }: { steps: readonly StepItem[] }) => (
  <ol className={styles.list} style={{ '--step-count': steps.length } as CSSProperties}>
    {steps.map((step, index) => (
      <li key={step.title} className={styles.step}>
        <span className={styles.number} aria-hidden="true">
          {index + 1}
        </span>
        <h3 className={styles.title}>
          <span className="visually-hidden">Step {index + 1}: </span>
          {step.title}
        </h3>
        <p className={styles.body}>{step.body}</p>
      </li>
    ))}
  </ol>
);
