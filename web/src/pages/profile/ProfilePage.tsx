import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { ProfileView } from '../../modules/profile/components/ProfileView';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';

import styles from '../account-page.module.css';

export const ProfilePage = () => {
  usePageMeta({ title: pageTitle('Profile'), noIndex: true });
  return (
    <>
      <PageHero title="Your profile" intro="Your account, credits and subscription in one place." />
      <Container className={styles.body}>
        <ProfileView />
      </Container>
    </>
  );
};
