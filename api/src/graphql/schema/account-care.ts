import type { OutboxEntry } from '../../mail/outbox-mailer';
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

builder.mutationFields((t) => ({
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
