import { usePageView } from '../../modules/analytics/hooks/usePageView';
import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { BRAND_NAME, pageTitle } from '../../modules/app/utils/brand';
import { CallToActionBand } from '../../modules/marketing/components/CallToActionBand';
import { FeatureGrid } from '../../modules/marketing/components/FeatureGrid';
import type { FeatureItem } from '../../modules/marketing/components/FeatureGrid';
import { ShowcasePicture } from '../../modules/showcase/components/ShowcasePicture';
import { SHOWCASE_IMAGES } from '../../modules/showcase/utils/showcase-images';
import { ButtonLink } from '../../modules/ui/components/Button';
import { PageHero } from '../../modules/ui/components/PageHero';
import { Section } from '../../modules/ui/components/Section';
import { SectionHeading } from '../../modules/ui/components/SectionHeading';
import { IconCoins, IconShield, IconSparkles } from '../../modules/ui/icons/icons';

import styles from './AboutPage.module.css';

const VALUES: readonly FeatureItem[] = [
  {
    icon: IconSparkles,
    title: 'Delight first',
    body: 'A good result should make you grin. We tune every style until the first try is usually a keeper.',
  },
  {
    icon: IconShield,
    title: 'Private by design',
    body: 'Photos are deleted after processing, never used for training, and you can export or erase your data anytime.',
  },
  {
    icon: IconCoins,
    title: 'Fair, visible pricing',
    body: 'One image costs 5 credits, failed generations cost nothing, and every credit movement is recorded in an auditable ledger.',
  },
];

const STATS = [
  { value: '5', label: 'styles, plus Image to Anime' },
  { value: '1024²', label: 'pixel PNG downloads' },
  { value: '10–30s', label: 'typical generation time' },
  { value: '24h', label: 'support reply time' },
] as const;

export const AboutPage = () => {
  usePageView('/about');
  usePageMeta({
    title: pageTitle('About us'),
    description: `${BRAND_NAME} turns everyday photos into character art people love to share. Learn who we are and what we stand for.`,
  });

  return (
    <>
      <PageHero
        eyebrow="About"
        title="We turn everyday photos into art people want to keep"
        intro={`The best gifts make people laugh out loud: a colleague boxed as an action figure, your dog as a comic-strip star. We built ${BRAND_NAME} so anyone can make one from a single photo, in under a minute.`}
      />

      <Section labelledBy="story-title">
        <div className={styles.story}>
          <div className={styles.storyText}>
            <SectionHeading
              id="story-title"
              eyebrow="What we do"
              title="Character art for creators, gift givers and pet people"
            />
            <p>
              Upload a photo, pick a style, and get a 1024×1024 PNG you can print, post or put on a
              mug: an action figure in its blister pack, a hand-painted Ghibli-style scene, a
              Pixar-style 3D character, a Snoopy-style comic, a chibi or an anime portrait.
            </p>
            <p>
              Our users are content creators refreshing their avatars, teachers illustrating class
              stories, small shops designing mascots, designers sketching concepts and, more than
              anyone, people making a gift for someone they love. Including a lot of dogs.
            </p>
          </div>
          <div className={styles.storyImages} aria-hidden="true">
            <ShowcasePicture
              image={SHOWCASE_IMAGES.astronaut['action-figure']}
              sizes="(max-width: 767.98px) 44vw, 240px"
            />
            <ShowcasePicture
              image={SHOWCASE_IMAGES.chelsea.snoopy}
              sizes="(max-width: 767.98px) 44vw, 240px"
            />
          </div>
        </div>
      </Section>

      <Section labelledBy="stats-title" tone="muted" compact>
        <h2 id="stats-title" className="visually-hidden">
          In numbers
        </h2>
        <dl className={styles.stats}>
          {STATS.map((stat) => (
            <div key={stat.label} className={styles.stat}>
              <dt className={styles.statLabel}>{stat.label}</dt>
              <dd className={styles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section labelledBy="values-title">
        <SectionHeading
          id="values-title"
          eyebrow="What we stand for"
          title="Three promises we keep"
        />
        <FeatureGrid items={VALUES} />
      </Section>

      <Section labelledBy="cta-title" compact>
        <CallToActionBand
          titleId="cta-title"
          title="Make something worth sharing"
          body="Your first image is free: new accounts get 5 credits."
          actions={
            <>
              <ButtonLink to="/action-figure" size="lg" variant="inverse">
                Try the action figure
              </ButtonLink>
              <ButtonLink to="/contact" size="lg" variant="inverseOutline">
                Talk to us
              </ButtonLink>
            </>
          }
        />
      </Section>
    </>
  );
};
