import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { BeforeAfterPair } from '../../showcase/components/BeforeAfterPair';
import { SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import type { ShowcasePhotoId } from '../../showcase/utils/showcase-images';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';

import styles from './ExamplesSection.module.css';

type Example = { photo: ShowcasePhotoId; style: ArtStyleId; title: string; description: string };

const EXAMPLES: readonly Example[] = [
  {
    photo: 'astronaut',
    style: 'action-figure',
    title: 'Astronaut → Action Figure',
    description: 'Cut out and boxed with her accessories, name and profession on the card.',
  },
  {
    photo: 'chelsea',
    style: 'pixar',
    title: 'Cat → Pixar Style',
    description: 'Soft shading and a dreamy backdrop out of focus. Pets work too.',
  },
  {
    photo: 'astronaut',
    style: 'ghibli',
    title: 'Portrait → Ghibli Style',
    description: 'Painted sky and meadow behind her, the whole picture in one brush.',
  },
  {
    photo: 'chelsea',
    style: 'snoopy',
    title: 'Cat → Snoopy Comic',
    description: 'Bold ink lines and a few flat colours in a strip panel.',
  },
];

export const ExamplesSection = () => (
  <Section id="examples" labelledBy="examples-title">
    <SectionHeading
      id="examples-title"
      eyebrow="Before & after"
      title="Before and after, side by side"
      intro="Two sample photos, an astronaut portrait and Chelsea the cat, rendered by the built-in offline preview engine. The production image model gives the real style; results vary from photo to photo."
    />
    <ul className={styles.grid}>
      {EXAMPLES.map((example) => (
        <li key={`${example.photo}-${example.style}`}>
          <BeforeAfterPair
            before={SHOWCASE_IMAGES[example.photo].original}
            after={SHOWCASE_IMAGES[example.photo][example.style]}
            title={example.title}
            description={example.description}
            sizes="(max-width: 767.98px) 45vw, 280px"
          />
        </li>
      ))}
    </ul>
  </Section>
);
