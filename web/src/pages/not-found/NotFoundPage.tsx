import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { ButtonLink } from '../../modules/ui/components/Button';
import { Container } from '../../modules/ui/components/Container';
import { IconArrowRight } from '../../modules/ui/icons/icons';

import styles from './NotFoundPage.module.css';

export const NotFoundPage = () => {
  usePageMeta({
    title: '404 Page Not Found',
    description: 'This page does not exist. Go back to the home page or try one of the creators.',
    noIndex: true,
  });
  return (
    <Container narrow className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>404 Page Not Found</h1>
      <p className={styles.text}>Did you forget to add the page to the router?</p>
      <div className={styles.actions}>
        <ButtonLink to="/" iconEnd={<IconArrowRight size={18} />}>
          Back to home
        </ButtonLink>
        <ButtonLink to="/action-figure" variant="secondary">
          Try the action figure creator
        </ButtonLink>
      </div>
    </Container>
  );
};
