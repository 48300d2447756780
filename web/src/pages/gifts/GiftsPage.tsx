import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { useCurrentUser } from '../../modules/auth/hooks/useCurrentUser';
import { GiftPurchaseForm } from '../../modules/gifts/components/GiftPurchaseForm';
import { MyGifts } from '../../modules/gifts/components/MyGifts';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';
import { Section } from '../../modules/ui/components/Section';
import { SectionHeading } from '../../modules/ui/components/SectionHeading';

import styles from '../account-page.module.css';

export const GiftsPage = () => {
  usePageMeta({ title: pageTitle('Give credits'), noIndex: true });
  const { user } = useCurrentUser();
  return (
    <>
      <PageHero
        eyebrow="Gifts"
        title="Give credits as a gift"
        intro="Buy a credit pack for someone else. You get a gift code and a printable card; we can email the code to them too. No subscription."
      />
      <Container className={styles.body}>
        <GiftPurchaseForm />
      </Container>
      {user && (
        <Section labelledBy="my-gifts-title" compact>
          <SectionHeading id="my-gifts-title" title="Your gifts" />
          <MyGifts />
        </Section>
      )}
    </>
  );
};
