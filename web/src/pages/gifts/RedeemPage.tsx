import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { RedeemGiftForm } from '../../modules/gifts/components/RedeemGiftForm';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';

import styles from '../account-page.module.css';

export const RedeemPage = () => {
  usePageMeta({ title: pageTitle('Redeem a gift'), noIndex: true });
  return (
    <>
      <PageHero
        eyebrow="Gifts"
        title="Redeem a gift code"
        intro="Enter the code from your gift card or email. The credits go to your account; new here? Create a free account on the way."
      />
      <Container className={styles.body}>
        <RedeemGiftForm />
      </Container>
    </>
  );
};
