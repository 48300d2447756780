import { IconBase } from './Icon';
import type { IconProps } from './Icon';

/** A figure in its blister pack. */
export const IconActionFigure = (props: IconProps) => (
  <IconBase {...props}>
    <rect x="4" y="3" width="16" height="18" rx="2.5" />
    <circle cx="12" cy="9" r="2" />
    <path d="M9 17v-3.5a3 3 0 0 1 6 0V17" />
    <path d="M8 3v2h8V3" />
  </IconBase>
);

/** A leaf in the wind, for hand-painted scenes. */
export const IconLeaf = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14Z" />
    <path d="M5 19 13 11" />
  </IconBase>
);

/** A desk lamp, for 3D animated characters. */
export const IconLamp = (props: IconProps) => (
  <IconBase {...props}>
    <path d="m9 13 4-6" />
    <path d="m13 7 2.5-2.5 4 4L17 11Z" />
    <path d="M6 20h8" />
    <path d="m9 13-1 7" />
    <circle cx="9" cy="13" r="1.5" />
  </IconBase>
);

/** Sparkling eyes, for anime. */
export const IconAnime = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="12" cy="12" r="9" />
    <ellipse cx="9" cy="11" rx="1.6" ry="2.3" />
    <ellipse cx="15" cy="11" rx="1.6" ry="2.3" />
    <path d="M9.5 16c1.5 1 3.5 1 5 0" />
  </IconBase>
);

/** A comic speech bubble. */
export const IconComic = (props: IconProps) => (
  <IconBase {...props}>
    <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5Z" />
    <path d="M8.5 9h7M8.5 12h4.5" />
  </IconBase>
);

/** A round, big-headed face, for chibi. */
export const IconChibi = (props: IconProps) => (
  <IconBase {...props}>
    <circle cx="12" cy="10" r="7" />
    <path d="M9.5 21c0-1.7 1.1-3 2.5-3s2.5 1.3 2.5 3" />
    <circle cx="9.5" cy="10" r="0.8" fill="currentColor" />
    <circle cx="14.5" cy="10" r="0.8" fill="currentColor" />
    <path d="M10.5 13c.9.6 2.1.6 3 0" />
  </IconBase>
);
