export const BRAND_NAME = 'Stylised';

export const BRAND_TAGLINE = 'Turn your photo into character art';

/** Where people can write to us directly; set VITE_SUPPORT_EMAIL at build time to change it. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@stylised.art';

export const pageTitle = (name: string): string => `${name} · ${BRAND_NAME}`;
