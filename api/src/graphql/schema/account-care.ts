import type { OutboxEntry } from '../../mail/outbox-mailer';
import { downloadPathFor, type DataExport } from '../../privacy/data-export';
import { clearSessionCookie } from '../../http/auth/session-cookie';
import { builder } from '../builder';

export const ActionResult = builder.objectRef<{ message: string }>('ActionResult').implement({
  description: 'A done action and the sentence to show the user',
  fields: (t) => ({ message: t.exposeString('message') }),
});

const ForgotPasswordInput = builder.inputType('ForgotPasswordInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The `token` query parameter of the link' }),
    password: t.string({ required: true }),
  }),
});

const VerifyEmailInput = builder.inputType('VerifyEmailInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The `token` query parameter of the link' }),
  }),
});

const ChangeEmailInput = builder.inputType('ChangeEmailInput', {
  fields: (t) => ({
    newEmail: t.string({ required: true }),
    currentPassword: t.string({ required: true }),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  resendVerificationEmail: t.field({
    type: ActionResult,
    description: 'Mails a new confirmation link to the signed-in user',
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) =>
      context.services.accountEmail.resendVerification(context.viewer!.user),
  }),
  verifyEmail: t.field({
    type: ActionResult,
    description: 'Opens a confirmation link: verifies the email, or completes a change of email',
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: (_root, { input }, context) => context.services.accountEmail.confirmEmail(input.token),
  }),
  requestEmailChange: t.field({
    type: ActionResult,
    description:
      'Mails a confirmation link to the new address (the change takes effect when it is opened) and tells the old one',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ChangeEmailInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.accountEmail.requestEmailChange(context.viewer!.user, input),
  }),
  changePassword: t.field({
    type: ActionResult,
    description: 'Changes the password with the current one; every other session ends',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.accountEmail.changePassword(
        context.viewer!.user,
        context.viewer!.session.id,
        input,
      ),
  }),
  forgotPassword: t.field({
    type: ActionResult,
    description:
      'Mails a single-use reset link valid for one hour; answers the same whether or not the email has an account',
    args: { input: t.arg({ type: ForgotPasswordInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.passwordReset.requestReset(input, context.request),
  }),
  resetPassword: t.field({
    type: ActionResult,
    description: 'Sets a new password with the emailed token and signs out every session',
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_root, { input }, context) => context.services.passwordReset.resetPassword(input),
  }),
}));

const OutboxMessageRef = builder.objectRef<OutboxEntry>('OutboxMessage').implement({
  description: 'A mail kept in the outbox (no SMTP server configured)',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const MailOutboxRef = builder
  .objectRef<{ transport: 'smtp' | 'outbox'; messages: OutboxEntry[] }>('MailOutbox')
  .implement({
    fields: (t) => ({
      transport: t.exposeString('transport', {
        description: 'smtp: mail leaves through SMTP_URL and nothing is kept; outbox: kept here',
      }),
      messages: t.field({ type: [OutboxMessageRef], resolve: (o) => o.messages }),
    }),
  });

builder.queryFields((t) => ({
  mailOutbox: t.field({
    type: MailOutboxRef,
    description: 'The newest mail in the outbox (admin)',
    authScopes: { admin: true },
    args: { first: t.arg.int({ required: false }) },
    resolve: async (_root, { first }, context) => {
      const { outbox } = context.services;
      if (!outbox) return { transport: 'smtp' as const, messages: [] };
      const limit = Math.min(Math.max(first ?? 30, 1), 100);
      return { transport: 'outbox' as const, messages: await outbox.list(limit) };
    },
  }),
}));

const DataExportStatusEnum = builder.enumType('DataExportStatus', {
  values: {
    PENDING: { value: 'pending' },
    RUNNING: { value: 'running' },
    READY: { value: 'ready' },
    FAILED: { value: 'failed' },
  } as const,
});

const DataExportRef = builder.objectRef<DataExport>('DataExport').implement({
  description: "A copy of all of a user's data, built in the background",
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: DataExportStatusEnum, resolve: (e) => e.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    readyAt: t.expose('readyAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    sizeBytes: t.int({ nullable: true, resolve: (e) => e.sizeBytes }),
    downloadUrl: t.string({
      nullable: true,
      description: 'While ready and not expired; works for the signed-in owner only',
      resolve: (e) =>
        e.status === 'ready' && e.blobKey && e.expiresAt && e.expiresAt > new Date()
          ? downloadPathFor(e.id)
          : null,
    }),
  }),
});

builder.queryFields((t) => ({
  myDataExports: t.field({
    type: [DataExportRef],
    description: "The signed-in user's latest data exports, newest first",
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => context.services.dataExports.list(context.viewer!.user.id),
  }),
}));

builder.mutationFields((t) => ({
  requestDataExport: t.field({
    type: DataExportRef,
    description: 'Starts building a ZIP of all your data (or returns the one in the making)',
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) =>
      context.services.dataExports.request(context.viewer!.user.id),
  }),
}));

const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
  fields: (t) => ({
    currentPassword: t.string({
      description:
        'Required for accounts with a password; Google-only accounts sign in again first',
    }),
  }),
});

builder.mutationFields((t) => ({
  deleteAccount: t.field({
    type: ActionResult,
    description:
      'Ends any paid plan, erases every personal record and image of the signed-in user, and signs out',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: DeleteAccountInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const result = await context.services.accountDeletion.deleteAccount(context.viewer!, input);
      if (context.http) clearSessionCookie(context.http.res, context.services.cookies);
      return result;
    },
  }),
}));
