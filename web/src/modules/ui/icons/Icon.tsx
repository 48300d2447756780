import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  size?: number;
  /** When set, the icon is announced with this label; otherwise it is decorative. */
  title?: string;
};

type IconBaseProps = IconProps & { children: ReactNode };

export const IconBase = ({ size = 20, title, children, ...rest }: IconBaseProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden={title ? undefined : true}
    role={title ? 'img' : undefined}
    focusable="false"
    {...rest}
  >
    {title && <title>{title}</title>}
    {children}
  </svg>
);
