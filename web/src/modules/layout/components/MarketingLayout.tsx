import { Outlet } from 'react-router';

import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';

/** Header, page, footer: the layout of the landing, pricing, account and static pages. */
export const MarketingLayout = () => (
  <>
    <AppHeader />
    <main id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
      <Outlet />
    </main>
    <AppFooter />
  </>
);
