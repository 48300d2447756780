import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { ContactAside } from '../../modules/contact/components/ContactAside';
import { ContactForm } from '../../modules/contact/components/ContactForm';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';

import styles from './ContactPage.module.css';

export const ContactPage = () => {
  usePageMeta({
    title: pageTitle('Contact Support'),
    description:
      'Questions about your account, a generation, billing or your data? Send us a message; we reply to general questions within 24 hours.',
  });
  return (
    <>
      <PageHero
        eyebrow="Contact Support"
        title="How can we help?"
        intro="Questions about a generation, your credits, billing or your data: send us a message and a real person will reply."
      />
      <Container className={styles.layout}>
        <ContactForm />
        <ContactAside />
      </Container>
    </>
  );
};
