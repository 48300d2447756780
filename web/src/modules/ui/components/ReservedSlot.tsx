import styles from './ReservedSlot.module.css';

type ReservedSlotProps = {
  /** Names the feature that will render here, e.g. "pricing-plans". */
  name: string;
  /** Height reserved so the page does not shift when the feature mounts (or set it in `className`). */
  minHeight?: string;
  className?: string;
};

/**
 * A bounded, empty region reserved for a data-connected feature that is mounted later.
 * It renders no behaviour and no copy; it only keeps the page layout stable.
 */
export const ReservedSlot = ({ name, minHeight, className }: ReservedSlotProps) => (
  <div
    data-slot={name}
    className={className ? `${styles.slot} ${className}` : styles.slot}
    style={minHeight ? { minHeight } : undefined}
  />
);
