import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { BRAND_NAME, pageTitle } from '../../modules/app/utils/brand';
import { LegalDocument } from '../../modules/legal/components/LegalDocument';
import { PRIVACY_SECTIONS, PRIVACY_SUMMARY } from '../../modules/legal/utils/privacy-sections';

export const PrivacyPage = () => {
  usePageMeta({
    title: pageTitle('Privacy Policy'),
    description: `How ${BRAND_NAME} handles your data: photos deleted after processing, no selling, and your right to export or erase your data.`,
  });
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy Policy"
      intro="What we collect, why, how long we keep it, and how you stay in control."
      summary={PRIVACY_SUMMARY}
      sections={PRIVACY_SECTIONS}
    />
  );
};
