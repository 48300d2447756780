import { graphql } from '../../../gql';
import { usePublicQuery } from '../../graphql/hooks/usePublicQuery';
import { pluralise } from '../../credits/utils/credit-rules';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { usePackCheckout } from '../hooks/usePackCheckout';
import { formatPriceCents } from '../utils/format-price';

import { Price } from './Price';
import styles from './PricingPacks.module.css';

const CREDIT_PACKS_QUERY = graphql(`
  query CreditPacks {
    creditPacks {
      id
      name
      credits
      priceCents
    }
  }
`);

const CREDITS_PER_GENERATION = 5;

/** One-time credit packs under the plans: no subscription, credits valid for 24 months. */
export const PricingPacks = () => {
  const { data, loading, error } = usePublicQuery(CREDIT_PACKS_QUERY);
  const packs = data?.creditPacks;
  const { buyPack, pendingPackId } = usePackCheckout(packs);

  if (loading) {
    return (
      <div className={styles.state}>
        <Spinner label="Loading credit packs" />
      </div>
    );
  }
  if (error || !packs) {
    return (
      <p className={styles.state} role="alert">
        Credit packs could not be loaded. Please try again later.
      </p>
    );
  }
  return (
    <ul className={styles.grid}>
      {packs.map((pack) => {
        const pending = pendingPackId === pack.id;
        return (
          <li key={pack.id}>
            <article className={styles.card} aria-label={`${pack.name} pack`}>
              <h3 className={styles.name}>{pack.name}</h3>
              <Price
                amount={formatPriceCents(pack.priceCents, 2)}
                suffix="once"
                suffixClassName={styles.once}
                size="large"
              />
              <p className={styles.detail}>
                {`${pluralise(Math.floor(pack.credits / CREDITS_PER_GENERATION), 'generation')} · valid for 24 months`}
              </p>
              <Button
                variant="secondary"
                fullWidth
                disabled={pendingPackId !== null}
                busy={pending}
                onClick={() => void buyPack(pack)}
              >
                {pending ? 'Processing...' : `Buy ${pack.name}`}
              </Button>
            </article>
          </li>
        );
      })}
    </ul>
  );
};
