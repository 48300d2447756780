import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { BRAND_NAME, pageTitle } from '../../modules/app/utils/brand';
import { LegalDocument } from '../../modules/legal/components/LegalDocument';
import { COOKIE_SECTIONS, COOKIE_SUMMARY } from '../../modules/legal/utils/cookie-sections';

export const CookiePolicyPage = () => {
  usePageMeta({
    title: pageTitle('Cookie Policy and GDPR'),
    description: `The cookies and browser storage ${BRAND_NAME} uses, and how to exercise your GDPR rights.`,
  });
  return (
    <LegalDocument
      eyebrow="Cookies & GDPR"
      title="Cookie Policy"
      intro="The few cookies and storage items we use, and your data protection rights."
      summary={COOKIE_SUMMARY}
      sections={COOKIE_SECTIONS}
    />
  );
};
