import type { ReactNode } from 'react';

import { pluralise } from '../../credits/utils/credit-rules';
import { Badge } from '../../ui/components/Badge';
import { IconCheck } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';

import styles from './PlanCard.module.css';
import { Price } from './Price';

type PlanCardProps = {
  name: string;
  /** Already formatted, e.g. "$9" or "$9.00". */
  priceLabel: string;
  period?: string;
  summary?: string;
  credits: number;
  generations: number;
  features: readonly string[];
  popular?: boolean;
  /** The signed-in user's plan: marked "Your plan". */
  current?: boolean;
  /** The plan's button: a link on the landing page, a checkout button on /pricing. */
  action: ReactNode;
};

export const PlanCard = ({
  name,
  priceLabel,
  period = 'per month',
  summary,
  credits,
  generations,
  features,
  popular = false,
  current = false,
  action,
}: PlanCardProps) => (
  <article
    className={cx(styles.card, popular && styles.popular, current && styles.current)}
    aria-label={/plan$/i.test(name) ? name : `${name} plan`}
    aria-current={current || undefined}
  >
    {popular && (
      <Badge tone="primary" className={styles.badge}>
        Most Popular
      </Badge>
    )}
    <div>
      <div className={styles.nameRow}>
        <h3 className={styles.name}>{name}</h3>
        {current && <Badge tone="success">Your plan</Badge>}
      </div>
      {summary && <p className={styles.summary}>{summary}</p>}
    </div>
    <Price amount={priceLabel} suffix={period} suffixClassName={styles.period} size="xlarge" />
    <p className={styles.allowance}>
      <span className={styles.credits}>{pluralise(credits, 'credit')} a month</span>
      <span className={styles.generations}>{pluralise(generations, 'generation')}</span>
    </p>
    <ul className={styles.features}>
      {features.map((feature) => (
        <li key={feature} className={styles.feature}>
          <IconCheck size={18} className={styles.check} />
          {feature}
        </li>
      ))}
    </ul>
    {action}
  </article>
);
