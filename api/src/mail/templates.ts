import type { OutgoingMail } from './mailer';

export const PRODUCT_NAME = 'Stylised';

export type Mail = Omit<OutgoingMail, 'to' | 'userId'>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface Body {
  kind: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** Plain text and a small HTML version of the same words: no images, no tracking, no remote content. */
export function compose(body: Body): Mail {
  const textParts = [body.greeting, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.action) textParts.push(`${body.action.label}: ${body.action.url}`, '');
  for (const p of body.after ?? []) textParts.push(p, '');
  textParts.push(`— ${PRODUCT_NAME}`);
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f6f5fb;font-family:system-ui,sans-serif;color:#1d1b2c">',
    '<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:28px">',
    `<p style="margin:0 0 20px;font-weight:700;font-size:18px">${PRODUCT_NAME}</p>`,
    p(body.greeting),
    ...body.paragraphs.map(p),
    body.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#6d4aff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(body.action.url)}</p>`
      : '',
    ...(body.after ?? []).map(p),
    `<p style="margin:24px 0 0;font-size:13px;color:#555">— ${PRODUCT_NAME}</p>`,
    '</div></body></html>',
  ].join('');
  return { kind: body.kind, subject: body.subject, text: textParts.join('\n'), html };
}

export const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export const passwordResetMail = (name: string | null, url: string): Mail =>
  compose({
    kind: 'password-reset',
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: hello(name),
    paragraphs: [
      'Someone asked to reset the password of your account. If it was you, choose a new password with the link below. It works once and expires in one hour.',
    ],
    action: { label: 'Choose a new password', url },
    after: [
      'Setting a new password signs you out everywhere else. If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });

export const googleOnlyResetMail = (name: string | null, url: string): Mail =>
  compose({
    kind: 'password-reset-google',
    subject: `Signing in to ${PRODUCT_NAME}`,
    greeting: hello(name),
    paragraphs: [
      'Someone asked to reset the password of your account, but your account has no password: you sign in with Google.',
    ],
    action: { label: 'Sign in with Google', url },
    after: ['If you did not ask for this, you can ignore this message.'],
  });

export const verifyEmailMail = (name: string | null, url: string): Mail =>
  compose({
    kind: 'email-verification',
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    greeting: hello(name),
    paragraphs: ['Please confirm that this is your email address. The link expires in 24 hours.'],
    action: { label: 'Confirm my email', url },
    after: ['If you did not create an account, ignore this message.'],
  });

export const emailChangeConfirmMail = (name: string | null, url: string): Mail =>
  compose({
    kind: 'email-change',
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    greeting: hello(name),
    paragraphs: [
      'You asked to use this address for your account. It takes effect when you confirm it. The link expires in 24 hours.',
    ],
    action: { label: 'Confirm my new email', url },
    after: ['If you did not ask for this, ignore this message: nothing changes.'],
  });

export const emailChangeRequestedMail = (name: string | null, newEmail: string): Mail =>
  compose({
    kind: 'email-change-notice',
    subject: `A change of email was requested on ${PRODUCT_NAME}`,
    greeting: hello(name),
    paragraphs: [
      `Someone signed in to your account asked to change its email to ${newEmail}. Nothing changes until that address is confirmed.`,
      'If this was not you, change your password now and write to us through the contact page.',
    ],
  });

export const emailChangedMail = (name: string | null, newEmail: string): Mail =>
  compose({
    kind: 'email-changed',
    subject: `Your ${PRODUCT_NAME} email was changed`,
    greeting: hello(name),
    paragraphs: [
      `The email of your account is now ${newEmail}. This address will no longer receive messages about it.`,
      'If this was not you, write to us through the contact page at once.',
    ],
  });

export const passwordChangedMail = (name: string | null): Mail =>
  compose({
    kind: 'password-changed',
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: hello(name),
    paragraphs: [
      'The password of your account was just changed, and every other session was signed out.',
      'If this was not you, reset your password with "Forgot password?" on the sign-in page and write to us through the contact page.',
    ],
  });

export const dataExportReadyMail = (name: string | null, url: string, expiresAt: Date): Mail =>
  compose({
    kind: 'data-export-ready',
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    greeting: hello(name),
    paragraphs: [
      `The copy of your data you asked for is ready. Download it from your profile while signed in; the link works until ${expiresAt.toUTCString()}.`,
    ],
    action: { label: 'Download my data', url },
  });

/** "22 Dec 2026": the day credits expire, in UTC like every period of the ledger. */
export const expiryDay = (at: Date) =>
  at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the expiring credits are, in the warning's words. */
const EXPIRING_CREDITS: Record<'plan' | 'pack' | 'free', string> = {
  plan: 'They are the credits of your plan’s current period.',
  pack: 'They are what is left of a credit pack or gift, which lasts 24 months from its purchase.',
  free: 'They are free credits.',
};

export const creditsExpiringMail = (
  name: string | null,
  credits: number,
  expiresAt: Date,
  url: string,
  bucket: 'plan' | 'pack' | 'free' = 'plan',
): Mail =>
  compose({
    kind: 'credits-expiring',
    subject: `${credits} credits expire on ${expiryDay(expiresAt)}`,
    greeting: hello(name),
    paragraphs: [
      `${credits} credits expire on ${expiryDay(expiresAt)}; they do not roll over.`,
      `${EXPIRING_CREDITS[bucket]} Use them before then: each image costs 5 credits.`,
    ],
    action: { label: 'Create an image', url },
  });
