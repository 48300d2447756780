import { IconClose } from '../../ui/icons/icons';

import styles from './GenerationErrorBox.module.css';

/** The red box with a failed generation's message (the anime page, spec §2 and §8). */
export const GenerationErrorBox = ({ message }: { message: string }) => (
  <div className={styles.box} role="alert" data-testid="generation-error">
    <span className={styles.icon} aria-hidden="true">
      <IconClose size={14} />
    </span>
    <div>
      <p className={styles.title}>Generation failed</p>
      <p className={styles.message}>{message}</p>
    </div>
  </div>
);
