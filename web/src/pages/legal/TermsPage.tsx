import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { BRAND_NAME, pageTitle } from '../../modules/app/utils/brand';
import { LegalDocument } from '../../modules/legal/components/LegalDocument';
import { TERMS_SECTIONS, TERMS_SUMMARY } from '../../modules/legal/utils/terms-sections';

export const TermsPage = () => {
  usePageMeta({
    title: pageTitle('Terms of Service'),
    description: `The terms for using ${BRAND_NAME}: accounts, credits, subscriptions, your photos and the images you create.`,
  });
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms of Service"
      intro="The rules for using our service, written to be read. Please take a few minutes with them."
      summary={TERMS_SUMMARY}
      sections={TERMS_SECTIONS}
    />
  );
};
