import { Suspense, lazy } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import { useSignedInShell } from '../../auth/hooks/useSignedInShell';
import styles from './PricingAccountBar.module.css';
import { PricingSignedOutLinks } from './PricingSignedOutLinks';

/** The signed-in line (credits), with the GraphQL client: it loads only for a signed-in user. */
const PricingAccountCredits = lazy(async () => ({
  default: await withApollo(
    async () => (await import('./PricingAccountCredits')).PricingAccountCredits,
  ),
}));

const placeholder = <div className={styles.bar} aria-hidden="true" />;

/**
 * The pricing page's account line (spec §2): Credits with a profile link when signed in,
 * otherwise Sign In and Get Started linking to /auth. A visitor's page never loads the GraphQL
 * client for it (the probe of useSignedInShell answers).
 */
export const PricingAccountBar = () => {
  const shell = useSignedInShell();
  if (shell === 'pending') return placeholder;
  if (shell === 'signed-out') return <PricingSignedOutLinks />;
  return (
    <Suspense fallback={placeholder}>
      <PricingAccountCredits />
    </Suspense>
  );
};
