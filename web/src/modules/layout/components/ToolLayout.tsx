import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';

import { withApollo } from '../../apollo/components/with-apollo';
import { useSignedInShell } from '../../auth/hooks/useSignedInShell';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { SidebarAccountSlot } from './SidebarAccountSlot';
import { SidebarLayout } from './SidebarLayout';

const CreditExpiryBanner = lazy(async () => ({
  default: await withApollo(
    async () => (await import('../../credits/components/CreditExpiryBanner')).CreditExpiryBanner,
  ),
}));

/** The expiry warning concerns signed-in users only: a visitor's page never loads its query. */
const SignedInCreditExpiryBanner = () =>
  useSignedInShell() === 'shell' ? (
    <Suspense fallback={null}>
      <CreditExpiryBanner />
    </Suspense>
  ) : null;

/**
 * Header, sidebar (styles + credits) beside the page, footer: the creators' layout. It hydrates
 * without the GraphQL client; the signed-in parts load it for a signed-in user.
 */
export const ToolLayout = () => (
  <>
    <AppHeader fluid />
    <SidebarLayout creditsSlot={({ compact }) => <SidebarAccountSlot compact={compact} />}>
      <SignedInCreditExpiryBanner />
      <Outlet />
    </SidebarLayout>
    <AppFooter />
  </>
);
