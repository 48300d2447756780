export { CREDITS_PER_GENERATION } from '@app/ledger';
export const SIGNUP_CREDITS = 5;
export const generationsRemaining = (credits: number) => Math.floor(Math.max(0, credits) / 5);
