import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { CreationsGallery } from '../../modules/creations/components/CreationsGallery';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';

import styles from './MyCreationsPage.module.css';

export const MyCreationsPage = () => {
  usePageMeta({ title: pageTitle('My creations'), noIndex: true });
  return (
    <>
      <PageHero
        title="My creations"
        intro="Every image you have generated, ready to view and download again."
      />
      <Container className={styles.body}>
        <CreationsGallery />
      </Container>
    </>
  );
};
