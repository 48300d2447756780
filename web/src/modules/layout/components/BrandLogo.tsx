import { Link } from 'react-router';

import { BRAND_NAME } from '../../app/utils/brand';
import { IconSparkles } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';

import styles from './BrandLogo.module.css';

type BrandLogoProps = {
  inverse?: boolean;
  onClick?: () => void;
};

export const BrandLogo = ({ inverse = false, onClick }: BrandLogoProps) => (
  <Link to="/" className={cx(styles.brand, inverse && styles.inverse)} onClick={onClick}>
    <span className={styles.mark} aria-hidden="true">
      <IconSparkles size={20} />
    </span>
    <span>{BRAND_NAME}</span>
    <span className="visually-hidden">, home</span>
  </Link>
);
