import { ButtonLink } from '../../ui/components/Button';
import { Container } from '../../ui/components/Container';
import { IconArrowRight, IconCheck, IconSparkles } from '../../ui/icons/icons';

import { HeroCollage } from './HeroCollage';
import styles from './LandingHero.module.css';

export const LandingHero = () => (
  <section className={styles.hero} aria-labelledby="hero-title">
    <Container className={styles.grid}>
      <div className={styles.copy}>
        <p className={styles.pill}>
          <span className={styles.pillIcon} aria-hidden="true">
            <IconSparkles size={16} />
          </span>
          Powered by FLUX.1 Kontext Pro
        </p>
        <h1 id="hero-title" className={styles.title}>
          Turn your photo into <span className={styles.highlight}>character art</span>
        </h1>
        <p className={styles.lead}>
          Upload one photo and get yourself boxed as an action figure, painted in Ghibli style,
          animated Pixar-style, drawn as a Snoopy comic or shrunk into a chibi. Ready in seconds,
          yours to download.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/action-figure" size="lg" iconEnd={<IconArrowRight size={20} />}>
            Try All Effects Free
          </ButtonLink>
          <ButtonLink to="/#examples" size="lg" variant="secondary">
            See examples
          </ButtonLink>
        </div>
        <ul className={styles.trust}>
          {['5 free credits to start', 'Photos deleted after processing', 'Cancel anytime'].map(
            (item) => (
              <li key={item}>
                <IconCheck size={16} className={styles.trustIcon} />
                {item}
              </li>
            ),
          )}
        </ul>
      </div>
      <HeroCollage />
    </Container>
  </section>
);
