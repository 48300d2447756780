import { IconCheck } from '../../ui/icons/icons';

import styles from './PricingIncludes.module.css';

const INCLUDED = [
  'All styles: Action Figure, Ghibli, Pixar, Snoopy comic, Chibi and Image to Anime',
  '1024×1024 PNG downloads',
  'Photos deleted after processing',
  'Commercial use rights',
  'Credits reset monthly',
  'Cancel anytime, 30-day money-back guarantee',
] as const;

export const PricingIncludes = () => (
  <div className={styles.wrap}>
    <h2 id="includes-title" className={styles.title}>
      Every plan includes
    </h2>
    <ul className={styles.list}>
      {INCLUDED.map((item) => (
        <li key={item} className={styles.item}>
          <IconCheck size={20} className={styles.check} />
          {item}
        </li>
      ))}
    </ul>
  </div>
);
