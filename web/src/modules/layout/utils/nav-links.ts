export type NavLinkItem = { label: string; to: string };

/** Header navigation (spec: Action Figure, Ghibli Style, Image to Anime, Pricing). */
export const HEADER_NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Action Figure', to: '/action-figure' },
  { label: 'Ghibli Style', to: '/ghibli' },
  { label: 'Image to Anime', to: '/image-to-anime' },
  { label: 'Pricing', to: '/pricing' },
];

export const LEGAL_LINKS: readonly NavLinkItem[] = [
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Cookie Policy', to: '/gdpr' },
];

export const COMPANY_LINKS: readonly NavLinkItem[] = [
  { label: 'About', to: '/about' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
  { label: 'My creations', to: '/creations' },
  { label: 'Give credits', to: '/gifts' },
  { label: 'Redeem a gift', to: '/redeem' },
];
