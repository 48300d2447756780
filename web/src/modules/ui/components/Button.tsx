import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkProps } from 'react-router';

import { cx } from '../utils/cx';

import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'inverse' | 'inverseOutline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonLookProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  icon?: ReactNode;
  iconEnd?: ReactNode;
};

export const buttonClassName = ({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: Pick<ButtonLookProps, 'variant' | 'size' | 'fullWidth'>): string =>
  cx(styles.button, styles[variant], size !== 'md' && styles[size], fullWidth && styles.fullWidth);

type ButtonProps = ButtonLookProps &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /**
     * Work is running: a spinner stands in for the icon (or over the label when there is none),
     * the button is disabled and aria-busy, and it keeps its width. The label stays the name.
     */
    busy?: boolean;
  };

export const Button = ({
  variant,
  size,
  fullWidth,
  icon,
  iconEnd,
  busy = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={cx(
      buttonClassName({ variant, size, fullWidth }),
      busy && !icon && styles.busyOverLabel,
      className,
    )}
    disabled={busy || disabled}
    aria-busy={busy || undefined}
    {...rest}
  >
    {icon && busy ? (
      <span className={styles.iconSlot}>
        <span className={styles.hiddenIcon}>{icon}</span>
        <Spinner size="100%" />
      </span>
    ) : (
      icon
    )}
    {children}
    {iconEnd}
    {busy && !icon && (
      <span className={styles.labelSpinner}>
        <Spinner />
      </span>
    )}
  </button>
);

type ButtonLinkProps = ButtonLookProps & LinkProps;

export const ButtonLink = ({
  variant,
  size,
  fullWidth,
  icon,
  iconEnd,
  className,
  children,
  ...rest
}: ButtonLinkProps) => (
  <Link className={cx(buttonClassName({ variant, size, fullWidth }), className)} {...rest}>
    {icon}
    {children}
    {iconEnd}
  </Link>
);
