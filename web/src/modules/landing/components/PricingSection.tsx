import { PlanCard } from '../../pricing/components/PlanCard';
import { LANDING_PLANS } from '../../pricing/utils/landing-plans';
import { ButtonLink } from '../../ui/components/Button';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';

import styles from './PricingSection.module.css';

export const PricingSection = () => (
  <Section id="pricing" labelledBy="pricing-title" tone="muted">
    <SectionHeading
      id="pricing-title"
      eyebrow="Pricing"
      title="Start free, upgrade when you love it"
      intro="Every image costs 5 credits. Pick the monthly allowance that fits how often you create."
      align="center"
    />
    <ul className={styles.grid}>
      {LANDING_PLANS.map((plan) => (
        <li key={plan.name}>
          <PlanCard
            name={plan.name}
            priceLabel={`$${plan.price}`}
            summary={plan.summary}
            credits={plan.credits}
            generations={plan.generations}
            features={plan.features}
            popular={plan.popular}
            action={
              <ButtonLink
                to={plan.cta.to}
                variant={plan.popular ? 'primary' : 'secondary'}
                fullWidth
              >
                {plan.cta.label}
              </ButtonLink>
            }
          />
        </li>
      ))}
    </ul>
    <p className={styles.note}>
      Prices in US dollars. Credits reset monthly and do not roll over. Cancel anytime; 30-day
      money-back guarantee on paid plans.
    </p>
  </Section>
);
