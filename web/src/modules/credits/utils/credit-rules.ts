/** Business constants of the credits economy (spec §9). */
export const CREDITS_PER_GENERATION = 5;
export const FREE_SIGNUP_CREDITS = 5;
/** The credits widget highlights a balance at or below this many credits. */
export const LOW_CREDIT_THRESHOLD = 5;

/** Whole generations a balance pays for: floor(credits / 5), never negative. */
export const generationsRemaining = (credits: number): number =>
  Math.max(0, Math.floor(credits / CREDITS_PER_GENERATION));

export const isLowOnCredits = (credits: number): boolean => credits <= LOW_CREDIT_THRESHOLD;

export const pluralise = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
