/** The link people paste: this site's origin and the share's path. */
export const shareUrl = (path: string, origin = window.location.origin) =>
  new URL(path, origin).toString();

/** Phones (and some desktops) offer the system share sheet; elsewhere "Copy link" does. */
export const canUseWebShare = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';
