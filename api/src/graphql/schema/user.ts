import { buildUserView, type UserView } from '../../accounts/user-view';
import { builder } from '../builder';

export const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', {
  description:
    'active, canceled and past_due as the payment provider reports them; anything else is FREE',
  values: {
    ACTIVE: { value: 'active' },
    CANCELED: { value: 'canceled' },
    PAST_DUE: { value: 'past_due' },
    FREE: { value: 'free' },
  } as const,
});

export const RoleEnum = builder.enumType('Role', {
  values: {
    SUPPORT: { value: 'support' },
    FINANCE: { value: 'finance' },
    ADMIN: { value: 'admin' },
  } as const,
});

export const UserRef = builder.objectRef<UserView>('User').implement({
  description: 'The signed-in user, as they see their own account',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    username: t.exposeString('username'),
    fullName: t.exposeString('fullName', { nullable: true }),
    profileImageUrl: t.exposeString('profileImageUrl', { nullable: true }),
    credits: t.exposeInt('credits', { description: 'Credits available now' }),
    generationsRemaining: t.exposeInt('generationsRemaining', {
      description: 'floor(credits / 5)',
    }),
    subscriptionStatus: t.field({
      type: SubscriptionStatusEnum,
      resolve: (user) => user.subscriptionStatus,
    }),
    currentPlan: t.exposeString('currentPlan', { description: "The plan's name, or Free" }),
    subscriptionRenewsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'End of the paid period: the renewal date, or the end date when cancellation is scheduled',
      resolve: (user) => user.subscriptionRenewsAt,
    }),
    cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd'),
    roles: t.field({ type: [RoleEnum], resolve: (user) => user.roles }),
    emailVerified: t.exposeBoolean('emailVerified', {
      description: 'The email was confirmed through a link sent to it',
    }),
    hasPassword: t.exposeBoolean('hasPassword', {
      description: 'Signs in with a password (false: with Google only)',
    }),
    pendingEmail: t.string({
      nullable: true,
      description: 'A new email waiting for its confirmation link to be opened',
      resolve: (user, _args, context) => context.services.accountEmail.pendingEmail(user.id),
    }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user; null when signed out',
    resolve: (_root, _args, context) =>
      context.viewer ? buildUserView(context.services.pool, context.viewer.user) : null,
  }),
);
