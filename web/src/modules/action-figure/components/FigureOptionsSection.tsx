import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';
import {
  FIGURE_STYLE_OPTIONS,
  POSE_OPTIONS,
  PROFESSION_PRESETS,
} from '../utils/action-figure-options';

import styles from './FigureOptionsSection.module.css';

const ChipList = ({ items }: { items: readonly string[] }) => (
  <ul className={styles.chips}>
    {items.map((item) => (
      <li key={item} className={styles.chip}>
        {item}
      </li>
    ))}
  </ul>
);

export const FigureOptionsSection = () => (
  <Section labelledBy="options-title" id="options">
    <SectionHeading
      id="options-title"
      eyebrow="Build your figure"
      title="20 professions, 11 poses, 9 styles"
      intro="Start from a profession preset with suggested accessories, or describe your own job. Then choose how your figure stands and how it is sculpted."
    />
    <div className={styles.grid}>
      <div className={styles.panel}>
        <h3 className={styles.panelTitle}>Professions</h3>
        <ChipList items={PROFESSION_PRESETS.map((preset) => preset.name)} />
      </div>
      <div className={styles.stack}>
        <div className={styles.panel}>
          <h3 className={styles.panelTitle}>Poses</h3>
          <ChipList items={POSE_OPTIONS} />
        </div>
        <div className={styles.panel}>
          <h3 className={styles.panelTitle}>Styles</h3>
          <ChipList items={FIGURE_STYLE_OPTIONS} />
        </div>
      </div>
    </div>
  </Section>
);
