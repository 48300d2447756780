import { Link } from 'react-router';

import { BRAND_NAME } from '../../app/utils/brand';
import { LegalTable } from '../components/LegalDocument';
import type { LegalSection } from '../components/LegalDocument';

import { LEGAL } from './legal-constants';

export const PRIVACY_SUMMARY = [
  'Your uploaded photos are used only to create your image and are deleted after processing.',
  'We never sell your personal data and never use your photos to train AI models.',
  'You can export or erase your personal data at any time.',
  `Billing records are kept for ${LEGAL.billingRecordsRetentionYears} years because the law requires it; they hold no photos or prompts.`,
] as const;

export const RETENTION_ROWS = [
  ['Uploaded photos', 'Deleted after processing'],
  [
    'Account data (email, username, name, profile image)',
    `While your account is open, then ${LEGAL.accountDataRetentionDays} days after deletion`,
  ],
  [
    'Generated images and prompts',
    `Until you delete them or your account (then within ${LEGAL.accountDataRetentionDays} days)`,
  ],
  ['Analytics (first-party page views)', `Up to ${LEGAL.analyticsRetentionYears} years`],
  [
    'Billing records (invoices, payments, credit purchases)',
    `${LEGAL.billingRecordsRetentionYears} years`,
  ],
  ['Security logs (sign-ins, abuse prevention)', `${LEGAL.securityLogsRetentionMonths} months`],
  [
    'Support messages',
    `Until your request is resolved, then ${LEGAL.accountDataRetentionDays} days`,
  ],
] as const;

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: '1. Who we are',
    body: (
      <p>
        {BRAND_NAME} is the controller of the personal data described here. This policy explains
        what we collect when you use our website and service, why, how long we keep it and the
        rights you have. It applies together with our <Link to="/terms">Terms of Service</Link> and{' '}
        <Link to="/gdpr">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: '2. What we collect',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> email address, username, optional full name, password
          (stored only as a secure hash) or your Google account identifier, and profile image.
        </li>
        <li>
          <strong>Photos you upload:</strong> processed to create your image, then deleted.
        </li>
        <li>
          <strong>Creations:</strong> your prompts, the images you generate and your action figure
          settings.
        </li>
        <li>
          <strong>Credits and billing:</strong> your plan, credit balance and history, and invoices.
          Card details are handled by our payment provider; we never see or store your full card
          number.
        </li>
        <li>
          <strong>Usage data:</strong> first-party page views (for example, which page was opened
          and when), with no advertising trackers.
        </li>
        <li>
          <strong>Security logs:</strong> sign-in events, IP addresses and browser information used
          to protect accounts and prevent abuse.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form, and your marketing
          preference.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: '3. How we use it, and our legal bases',
    body: (
      <ul>
        <li>
          <strong>To provide the service</strong> (performance of our contract with you): running
          your account, generating images, keeping your credits and creations.
        </li>
        <li>
          <strong>To take payments and keep records</strong> (contract and legal obligation).
        </li>
        <li>
          <strong>To keep the service secure and improve it</strong> (our legitimate interests):
          preventing fraud and abuse, understanding which pages are used.
        </li>
        <li>
          <strong>To send product news</strong> (your consent): only if you opt in, and you can opt
          out at any time.
        </li>
      </ul>
    ),
  },
  {
    id: 'photos',
    title: '4. Your photos',
    body: (
      <p>
        Your uploaded photo is checked, stripped of its location and camera metadata, sent to our
        image model to create your result and then deleted after processing. We do not use your
        photos or your results to train AI models, and we do not look at them except when you ask us
        to help with a specific generation or when content is reported for abuse.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: '5. Who we share it with',
    body: (
      <>
        <p>
          We do not sell your personal data. We share it only with processors who help us run the
          service:
        </p>
        <ul>
          <li>our hosting and storage providers;</li>
          <li>
            our AI image model provider, which receives your photo and prompt only to create your
            image;
          </li>
          <li>our card payment provider, for checkout and subscription management;</li>
          <li>Google, if you choose to sign in with Google.</li>
        </ul>
        <p>
          Each processor is bound by a contract to use the data only on our instructions. We may
          also disclose data when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: '6. How long we keep it',
    body: (
      <>
        <p>We keep personal data only as long as we need it:</p>
        <LegalTable head={['Data', 'Kept for']} rows={RETENTION_ROWS} />
        <p>
          Our credit ledger records amounts, dates and references only, never names, emails, prompts
          or images, so erasing your personal data does not require rewriting billing history.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: '7. Your rights',
    body: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of your personal data, in a portable format (export);</li>
          <li>correct data that is wrong;</li>
          <li>erase your personal data;</li>
          <li>restrict or object to certain processing;</li>
          <li>withdraw a consent you gave, such as marketing emails.</li>
        </ul>
        <p>
          Send requests through our <Link to="/contact">contact form</Link> with the category “GDPR
          Data Request”. We reply within {LEGAL.gdprResponseDays} days. If you are in the EU or UK,
          you may also complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: '8. Security',
    body: (
      <p>
        We encrypt data in transit, hash passwords, limit staff access to what their job needs and
        keep security logs for {LEGAL.securityLogsRetentionMonths} months. If a personal data breach
        puts your rights at risk, we will notify the relevant authority within{' '}
        {LEGAL.breachNoticeHours} hours of becoming aware of it and tell affected users without
        undue delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: '9. Children',
    body: (
      <p>
        {BRAND_NAME} is not for children under {LEGAL.minimumAge}. Users under{' '}
        {LEGAL.parentalConsentUnder} need the consent of a parent or guardian. If you believe a
        child under {LEGAL.minimumAge} has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: '10. International transfers',
    body: (
      <p>
        Some of our processors may handle data outside your country. Where data leaves the EU or UK,
        we rely on adequacy decisions or standard contractual clauses to keep it protected to the
        same standard.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '11. Changes to this policy',
    body: (
      <p>
        We will post any changes here and update the date at the top. If a change materially affects
        how we use your data, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
];
