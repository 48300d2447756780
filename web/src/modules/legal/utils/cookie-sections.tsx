import { Link } from 'react-router';

import { BRAND_NAME } from '../../app/utils/brand';
import { LegalTable } from '../components/LegalDocument';
import type { LegalSection } from '../components/LegalDocument';

import { LEGAL } from './legal-constants';

export const COOKIE_SUMMARY = [
  'We use only the cookies and storage the service needs to work, plus first-party page-view analytics.',
  'No advertising cookies and no third-party trackers.',
  `Under the GDPR you can access, export or erase your personal data; we answer within ${LEGAL.gdprResponseDays} days.`,
] as const;

const STORAGE_ROWS = [
  [
    'sa_session (cookie, httpOnly)',
    'Keeps you signed in; scripts on the page cannot read it',
    'Strictly necessary',
    'Until you log out or the session expires',
  ],
  [
    'sa_oauth_state (cookie)',
    'Protects a Google sign-in while it is in progress',
    'Strictly necessary',
    '10 minutes, while a Google sign-in runs',
  ],
  [
    'redirectAfterLogin (session storage)',
    'Returns you to the page you were on after signing in',
    'Strictly necessary',
    'Until you close the tab',
  ],
  [
    'sidebarCollapsed (local storage)',
    'Remembers whether the sidebar is wide or narrow',
    'Preference',
    'Until you clear site data',
  ],
  [
    'Page views (no cookie)',
    'Counts which pages are visited, first-party only',
    'Analytics',
    `Up to ${LEGAL.analyticsRetentionYears} years`,
  ],
] as const;

export const COOKIE_SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: '1. What cookies are',
    body: (
      <p>
        Cookies are small text files a website stores in your browser. Local and session storage are
        similar browser features. {BRAND_NAME} uses them sparingly and only for the purposes below.
      </p>
    ),
  },
  {
    id: 'what-we-use',
    title: '2. What we use',
    body: (
      <>
        <LegalTable head={['Name', 'Purpose', 'Type', 'Duration']} rows={STORAGE_ROWS} />
        <p>
          When you buy a plan, our card payment provider’s hosted checkout page sets its own cookies
          for fraud prevention. Signing in with Google is governed by Google’s cookie policy.
        </p>
      </>
    ),
  },
  {
    id: 'managing',
    title: '3. Managing cookies',
    body: (
      <p>
        Strictly necessary cookies cannot be switched off without breaking sign-in. You can delete
        cookies and site data in your browser settings at any time; you will then need to sign in
        again.
      </p>
    ),
  },
  {
    id: 'gdpr-rights',
    title: '4. Your rights under the GDPR',
    body: (
      <>
        <p>If you are in the European Economic Area or the UK, you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive it in a portable format;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your personal data erased (“right to be forgotten”);</li>
          <li>restrict or object to processing based on our legitimate interests;</li>
          <li>withdraw consent at any time, without affecting processing before the withdrawal;</li>
          <li>lodge a complaint with your data protection authority.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'requests',
    title: '5. Making a data request',
    body: (
      <p>
        Use our <Link to="/contact">contact form</Link> and choose “GDPR Data Request”. We may ask
        you to confirm you own the account. We respond within {LEGAL.gdprResponseDays} days. Erasure
        removes your account data, photos, creations and prompts; billing records we must keep for{' '}
        {LEGAL.billingRecordsRetentionYears} years contain no photos or prompts. See the{' '}
        <Link to="/privacy">Privacy Policy</Link> for all retention periods.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '6. Changes to this policy',
    body: (
      <p>
        We will update this page when the cookies or storage we use change, with a new date at the
        top.
      </p>
    ),
  },
];
