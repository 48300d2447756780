import {
  loginSchema,
  profileUpdateSchema,
  registrationSchema,
} from '../../accounts/account-validation';
import { buildUserView, type UserView } from '../../accounts/user-view';
import type { SignedIn } from '../../accounts/account-service';
import { clearSessionCookie, setSessionCookie } from '../../http/auth/session-cookie';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { UserRef } from './user';

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    username: t.string({ required: true }),
    fullName: t.string(),
  }),
  validate: registrationSchema,
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
  validate: loginSchema,
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    fullName: t.string(),
  }),
  validate: profileUpdateSchema,
});

const AuthPayload = builder.objectRef<{ user: UserView }>('AuthPayload').implement({
  description: 'The browser keeps the session in an httpOnly cookie; no token is handed to scripts',
  fields: (t) => ({ user: t.field({ type: UserRef, resolve: (payload) => payload.user }) }),
});

async function signedInPayload(context: GraphQLContext, signedIn: SignedIn) {
  if (context.http) setSessionCookie(context.http.res, signedIn.token, context.services.cookies);
  return { user: await buildUserView(context.services.pool, signedIn.user) };
}

builder.mutationFields((t) => ({
  register: t.field({
    type: AuthPayload,
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      signedInPayload(context, await context.services.accounts.register(input, context.request)),
  }),
  login: t.field({
    type: AuthPayload,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      signedInPayload(context, await context.services.accounts.login(input, context.request)),
  }),
  updateProfile: t.field({
    type: UserRef,
    description: "Changes the signed-in user's own username and full name",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const user = await context.services.accounts.updateProfile(context.viewer!.user.id, input);
      return buildUserView(context.services.pool, user);
    },
  }),
  logout: t.boolean({
    description: 'Revokes the current session',
    resolve: async (_root, _args, context) => {
      if (context.viewer) await context.services.accounts.logout(context.viewer.session.id);
      if (context.http) clearSessionCookie(context.http.res, context.services.cookies);
      return true;
    },
  }),
}));
