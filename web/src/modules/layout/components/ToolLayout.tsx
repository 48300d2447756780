import { Outlet } from 'react-router';

import { CreditExpiryBanner } from '../../credits/components/CreditExpiryBanner';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { SidebarCreditsSlot } from './SidebarCreditsSlot';
import { SidebarLayout } from './SidebarLayout';

/** Header, sidebar (styles + credits) beside the page, footer: the creators' layout. */
export const ToolLayout = () => (
  <>
    <AppHeader fluid />
    <SidebarLayout creditsSlot={({ compact }) => <SidebarCreditsSlot compact={compact} />}>
      <CreditExpiryBanner />
      <Outlet />
    </SidebarLayout>
    <AppFooter />
  </>
);
