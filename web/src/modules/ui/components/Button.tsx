import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkProps } from 'react-router';

import { cx } from '../utils/cx';

import styles from './Button.module.css';

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

type ButtonProps = ButtonLookProps & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = ({
  variant,
  size,
  fullWidth,
  icon,
  iconEnd,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={cx(buttonClassName({ variant, size, fullWidth }), className)}
    {...rest}
  >
    {icon}
    {children}
    {iconEnd}
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
