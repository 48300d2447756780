import { IconBase } from './Icon';
import type { IconProps } from './Icon';

export const IconSparkles = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M12 3c.9 4.6 2.9 6.6 7.5 7.5-4.6.9-6.6 2.9-7.5 7.5-.9-4.6-2.9-6.6-7.5-7.5C9.1 9.6 11.1 7.6 12 3Z" />
    <path d="M19 15.5c.3 1.6 1 2.3 2.5 2.5-1.5.3-2.2 1-2.5 2.5-.3-1.5-1-2.2-2.5-2.5 1.5-.2 2.2-.9 2.5-2.5Z" />
  </IconBase>
);

export const IconArrowRight = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M5 12h14" />
    <path d="m13 6 6 6-6 6" />
  </IconBase>
);

export const IconMenu = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </IconBase>
);

export const IconClose = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </IconBase>
);

export const IconChevronLeft = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m15 6-6 6 6 6" />
  </IconBase>
);

export const IconChevronRight = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m9 6 6 6-6 6" />
  </IconBase>
);

export const IconChevronDown = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m6 9 6 6 6-6" />
  </IconBase>
);

export const IconCheck = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </IconBase>
);

export const IconCoins = (props: IconProps) => (
  <IconBase {...props}>
    <ellipse cx="9" cy="7" rx="6" ry="3" />
    <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
    <path d="M9 18c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.6-2.4-2.9-5.5-3" />
  </IconBase>
);

export const IconImage = (props: IconProps) => (
  <IconBase {...props}>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </IconBase>
);

export const IconDownload = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </IconBase>
);

export const IconClock = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </IconBase>
);

export const IconShield = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M12 3 5 6v5.5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </IconBase>
);

export const IconBriefcase = (props: IconProps) => (
  <IconBase {...props}>
    <rect x="3" y="7" width="18" height="13" rx="2.5" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7" />
    <path d="M3 12.5h18" />
  </IconBase>
);

export const IconUserCheck = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5" />
    <path d="m16 11 2 2 4-4" />
  </IconBase>
);

export const IconUpload = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M12 16V4" />
    <path d="m7 9 5-5 5 5" />
    <path d="M5 20h14" />
  </IconBase>
);

export const IconWand = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m4 20 11-11" />
    <path d="m13 7 4 4" />
    <path d="M17 3v3M15.5 4.5h3M20 8v2M19 9h2" />
  </IconBase>
);

export const IconMail = (props: IconProps) => (
  <IconBase {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m4 7 8 6 8-6" />
  </IconBase>
);

export const IconStar = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </IconBase>
);

export const IconLogout = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="m10 8-4 4 4 4" />
    <path d="M6 12h10" />
  </IconBase>
);

export const IconUser = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20c.9-3.7 3.9-6 7.5-6s6.6 2.3 7.5 6" />
  </IconBase>
);

export const IconSidebar = (props: IconProps) => (
  <IconBase {...props}>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="M9 4v16" />
  </IconBase>
);

export const IconShare = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4" />
    <path d="m15.4 6.5-6.8 4" />
  </IconBase>
);
