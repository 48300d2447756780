import { Link } from 'react-router';

import { BRAND_NAME } from '../../app/utils/brand';
import type { LegalSection } from '../components/LegalDocument';

import { LEGAL } from './legal-constants';

export const TERMS_SUMMARY = [
  `You must be at least ${LEGAL.minimumAge} to use ${BRAND_NAME}; under ${LEGAL.parentalConsentUnder} you need a parent’s or guardian’s consent.`,
  'Each generation costs 5 credits. Plan credits reset monthly and do not roll over.',
  'You keep the rights to your photos. The images you create are yours to use, commercially too.',
  'Only upload photos you have the right to use, and never of people who have not agreed.',
  `Paid plans renew monthly; cancel anytime. We give ${LEGAL.priceChangeNoticeDays} days’ notice of price changes.`,
] as const;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: '1. Agreement to these terms',
    body: (
      <p>
        These Terms of Service govern your use of {BRAND_NAME}, the website and service that turns
        photos into stylised character art. By creating an account or generating an image you agree
        to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree,
        please do not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: '2. Who can use the service',
    body: (
      <>
        <p>
          You must be at least {LEGAL.minimumAge} years old to use {BRAND_NAME}. If you are under{' '}
          {LEGAL.parentalConsentUnder}, you may only use it with the consent of a parent or legal
          guardian, who accepts these terms on your behalf and is responsible for your use,
          including any purchases.
        </p>
        <p>
          If we learn that an account belongs to someone under {LEGAL.minimumAge}, we will close it
          and delete its personal data.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: '3. Your account',
    body: (
      <p>
        You can sign up with an email address and password or with Google. Give accurate details,
        keep your password to yourself and tell us promptly if you think someone else has accessed
        your account. You are responsible for activity on your account. One account is for one
        person.
      </p>
    ),
  },
  {
    id: 'credits',
    title: '4. Credits and generations',
    body: (
      <ul>
        <li>Generating one image costs 5 credits, whatever the style.</li>
        <li>New accounts receive 5 free credits, enough for one generation.</li>
        <li>
          Credits included in a plan are added each billing month, reset at the end of that month
          and do not roll over.
        </li>
        <li>
          Credits have no cash value, cannot be transferred or exchanged, and are not refundable
          except as described in these terms.
        </li>
        <li>
          If a generation fails on our side, the credits held for it are returned to your balance
          automatically.
        </li>
        <li>
          Generation times, resolution and likeness described on our pages are typical results, not
          guarantees; AI output varies from photo to photo.
        </li>
      </ul>
    ),
  },
  {
    id: 'billing',
    title: '5. Subscriptions, billing and refunds',
    body: (
      <>
        <p>
          Paid plans (Pro and Ultra) are monthly subscriptions, billed in advance through our card
          payment provider’s secure hosted checkout. They renew automatically each month until you
          cancel. You can cancel anytime from your profile; the cancellation takes effect at the end
          of the current billing period and you keep your plan’s credits until then.
        </p>
        <p>
          If you are not happy with a paid plan, contact us within {LEGAL.moneyBackGuaranteeDays}{' '}
          days of your first payment for that plan and we will refund it in full. This does not
          affect any statutory rights you have as a consumer.
        </p>
        <p>
          We may change plan prices. We will tell you at least {LEGAL.priceChangeNoticeDays} days
          before a new price applies to your subscription, so you can cancel before it takes effect.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: '6. Your photos and prompts',
    body: (
      <>
        <p>
          You keep all rights to the photos and prompts you upload. You give us a limited licence to
          process them only to create the images you ask for. Uploaded photos are deleted after
          processing and are never used to train AI models.
        </p>
        <p>
          You confirm that you own each photo or have permission to use it, and that everyone
          recognisable in it has agreed (or, for anyone under {LEGAL.parentalConsentUnder}, a parent
          or guardian has agreed).
        </p>
      </>
    ),
  },
  {
    id: 'generated-images',
    title: '7. The images you create',
    body: (
      <>
        <p>
          As between you and us, the images you generate are yours. You may use them for personal
          and commercial purposes, including merchandise, marketing and social media.
        </p>
        <p>
          Style names such as “Ghibli”, “Pixar” and “Snoopy” describe an artistic look. {BRAND_NAME}{' '}
          is not affiliated with or endorsed by the owners of those names, and our service does not
          give you any rights in third-party characters, logos or trademarks. You are responsible
          for making sure your use of an image does not infringe anyone else’s rights.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: '8. Acceptable use',
    body: (
      <>
        <p>You must not use {BRAND_NAME} to create, upload or share content that:</p>
        <ul>
          <li>
            sexualises anyone under 18, or depicts anyone in sexual content without their consent;
          </li>
          <li>harasses, bullies, threatens or demeans a real person;</li>
          <li>
            impersonates someone or is meant to deceive people into believing an image is a real
            photograph;
          </li>
          <li>promotes violence, hatred or discrimination, or is otherwise unlawful;</li>
          <li>infringes someone else’s intellectual property or privacy.</li>
        </ul>
        <p>
          You must also not attempt to disrupt or reverse-engineer the service, bypass credit
          limits, or access it with automated tools except as we allow. You can report abuse through
          our <Link to="/contact">contact form</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: '9. Suspension and closing your account',
    body: (
      <p>
        You can delete your account at any time. We may suspend or close accounts that break these
        terms, after warning you where reasonable. If we close your account without a breach on your
        part, we will refund the unused part of your current paid month.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: '10. Disclaimers',
    body: (
      <p>
        We work hard to keep {BRAND_NAME} available and useful, but the service is provided “as is”
        and “as available”. We do not promise that it will be uninterrupted or error-free, or that
        every generated image will match your expectations.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '11. Limitation of liability',
    body: (
      <p>
        To the extent the law allows, our total liability to you for any claim arising from the
        service is limited to the fees you paid us in the {LEGAL.liabilityCapMonths} months before
        the event giving rise to the claim. We are not liable for indirect or consequential losses
        such as lost profits or lost data. Nothing in these terms limits liability that cannot be
        limited by law, such as liability for death or personal injury caused by negligence, or for
        fraud.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '12. Changes to these terms',
    body: (
      <p>
        We may update these terms as the service evolves. For material changes we will notify you by
        email or in the app before they take effect. The date at the top of this page shows when
        they last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '13. Contact',
    body: (
      <p>
        Questions about these terms? <Link to="/contact">Contact us</Link> and choose “General
        Inquiry” or “Billing &amp; Payments”.
      </p>
    ),
  },
];
