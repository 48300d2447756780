import { creditStreamId, withTransaction, type Ledger } from '@app/ledger';
import type pg from 'pg';
import type { ProjectionsGate } from '../composition/projections-gate';
import { AppError } from '../shared/errors';
import type { RequestContext } from '../shared/request-context';
import { SIGNUP_CREDITS } from '../credits/credit-constants';
import {
  loginSchema,
  parseInput,
  profileUpdateSchema,
  registrationSchema,
} from './account-validation';
import { AccountTokens } from './account-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher';
import { loginAccountKey, loginAddressKey } from './login-failures';
import { RateLimiter, type RateLimit } from './rate-limiter';
import { SessionCache, type CachedSession } from './session-cache';
import { Sessions, type SessionRecord } from './sessions';
import { toUser, UsersRepository, type UserRecord, type UserRow } from './users-repository';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** A verified Google email whose account is linked to another Google account already. */
const googleAccountTaken = () =>
  new AppError(
    'GOOGLE_ACCOUNT_TAKEN',
    'The account with this email signs in with another Google account; sign in with that one',
    409,
  );

export interface AuthLimits {
  readonly loginPerIp: RateLimit;
  /** Wrong passwords for one account from all addresses together. */
  readonly loginFailuresPerAccount: RateLimit;
  /** Wrong passwords for one account from one address (and wrong current passwords per user). */
  readonly loginFailuresPerAccountAndAddress: RateLimit;
  readonly registrationsPerIp: RateLimit;
  readonly passwordResetsPerEmail: RateLimit;
  readonly passwordResetsPerIp: RateLimit;
}

export const defaultAuthLimits = (windowSeconds = 900): AuthLimits => ({
  loginPerIp: { limit: 30, windowSeconds },
  loginFailuresPerAccount: { limit: 50, windowSeconds },
  loginFailuresPerAccountAndAddress: { limit: 5, windowSeconds },
  registrationsPerIp: { limit: 10, windowSeconds },
  passwordResetsPerEmail: { limit: 3, windowSeconds },
  passwordResetsPerIp: { limit: 20, windowSeconds },
});

export interface SignedIn {
  token: string;
  session: SessionRecord;
  user: UserRecord;
}

export interface GoogleProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  pictureUrl: string | null;
}

export class AccountService {
  readonly users: UsersRepository;
  readonly sessions: Sessions;
  private readonly limiter: RateLimiter;

  /** Called after a password sign-up (the verification mail goes out from here). */
  onRegistered: ((user: UserRecord) => Promise<unknown>) | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly projections: ProjectionsGate,
    private readonly limits: AuthLimits = defaultAuthLimits(),
    /** Session lookups kept in memory; by default none (every request reads the database). */
    readonly sessionCache: SessionCache = new SessionCache(),
  ) {
    this.users = new UsersRepository(pool);
    this.sessions = new Sessions(pool);
    this.limiter = new RateLimiter(pool);
  }

  async register(input: unknown, context: RequestContext): Promise<SignedIn> {
    const data = parseInput(registrationSchema, input);
    await this.limiter.hit(`register:ip:${context.ip}`, this.limits.registrationsPerIp);
    const user = await this.users.create({
      email: data.email,
      username: data.username,
      fullName: data.fullName,
      passwordHash: await hashPassword(data.password),
    });
    await this.grantSignupCredits(user, context);
    await this.onRegistered?.(user);
    return this.startSession(user, context, 'password');
  }

  async login(input: unknown, context: RequestContext): Promise<SignedIn> {
    const data = parseInput(loginSchema, input);
    const fromHere = loginAddressKey(data.email, context.ip);
    const fromAnywhere = loginAccountKey(data.email);
    await this.limiter.hit(`login:ip:${context.ip}`, this.limits.loginPerIp);
    // Every attempt takes a failure slot before its password is checked (one atomic increment,
    // then the check), so a burst can test at most the limit's number of passwords; a success
    // gives the slots back.
    await this.limiter.hit(fromHere, this.limits.loginFailuresPerAccountAndAddress);
    await this.limiter.hit(fromAnywhere, this.limits.loginFailuresPerAccount);
    const user = await this.users.findByEmail(data.email);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, data.password)
      : (await burnPasswordCheck(data.password), false);
    if (!user || !valid) {
      // One message whether the email or the password was wrong.
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE, 401);
    }
    await this.limiter.reset(fromHere, fromAnywhere);
    const created = await this.sessions.createForPassword(user.id, user.passwordHash!, context);
    // The password was removed (a Google sign-in joined the account) while it was being checked.
    if (!created) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE, 401);
    return { ...created, user };
  }

  /** The signed-in user changes their own username and full name; every cached session sees it at once. */
  async updateProfile(userId: string, input: unknown): Promise<UserRecord> {
    const profile = parseInput(profileUpdateSchema, input);
    const user = await this.users.updateProfile(userId, profile);
    this.forgetUser(userId);
    return user;
  }

  async logout(sessionId: string): Promise<void> {
    this.sessionCache.forgetSession(sessionId);
    await this.sessions.revoke(sessionId);
  }

  /**
   * Role or profile changes: drop this user's cached sessions here at once (other replicas hear
   * of it from the `session_changes` trigger when the change commits).
   */
  forgetUser(userId: string) {
    this.sessionCache.forgetUser(userId);
  }

  /**
   * The signed-in user behind a session token, or null. Lookups are kept in memory while this
   * process hears every revocation (see SessionCache); otherwise each one reads the database.
   */
  async authenticate(token: string): Promise<CachedSession | null> {
    const cached = this.sessionCache.get(token, Date.now());
    if (cached) return cached;
    const startedAt = performance.now();
    const found = await this.sessions.findWithUser<UserRow>(token);
    const now = Date.now();
    if (!found || found.session.expiresAt.getTime() <= now) return null;
    const value = { user: toUser(found.userRow), session: found.session };
    this.sessionCache.set(token, value, startedAt, now);
    return value;
  }

  /**
   * Google sign-in: the Google account's user, or the account with the same verified email
   * (one person, one balance), or a new account.
   */
  async signInWithGoogle(
    profile: GoogleProfile,
    context: RequestContext,
    afterErasure = false,
  ): Promise<SignedIn> {
    const known = await this.users.findByGoogleSubject(profile.subject);
    if (known) return this.startSession(known, context, 'google');
    if (!profile.email)
      throw new AppError('GOOGLE_EMAIL_MISSING', 'Google did not share an email address', 400);
    const existing = await this.users.findByEmail(profile.email);
    if (existing) {
      if (!profile.emailVerified) {
        throw new AppError(
          'GOOGLE_EMAIL_UNVERIFIED',
          'This email belongs to an account; verify it with Google or sign in with your password',
          409,
        );
      }
      const linked = await this.linkGoogleTo(existing.id, profile);
      // Erased while Google answered: its address is gone, so this is a new person's sign-up
      // (once: erasure replaces the address in the same statement that marks the row).
      if (linked === 'erased') {
        if (afterErasure) throw new AppError('ACCOUNT_DELETED', 'This account was deleted', 409);
        return this.signInWithGoogle(profile, context, true);
      }
      this.forgetUser(existing.id);
      return this.startSession(linked, context, 'google');
    }
    const user = await this.users.create({
      email: profile.email,
      username: await this.availableUsername(profile.email, profile.name),
      fullName: profile.name,
      passwordHash: null,
      googleSubject: profile.subject,
      profileImageUrl: profile.pictureUrl,
    });
    if (profile.emailVerified) await this.users.markEmailVerified(user.id);
    await this.grantSignupCredits(user, context);
    return this.startSession(user, context, 'google');
  }

  /**
   * Nobody proved they own the address when the password account was made; Google just did.
   * Whoever registered it first (possibly someone else) loses the password, every session and
   * every link mailed for the account (a change of email they asked for would otherwise move the
   * account to their address later). One transaction: the row lock of the link is held until all
   * of that ends, and a password sign-in (Sessions.createForPassword), a change of password and a
   * request to change the email lock the same row. 'erased': the account was deleted meanwhile.
   */
  private async linkGoogleTo(
    userId: string,
    profile: GoogleProfile,
  ): Promise<UserRecord | 'erased'> {
    return withTransaction(this.pool, async (client) => {
      const users = new UsersRepository(client);
      const linked = await users.linkGoogle(userId, profile.subject, profile.pictureUrl);
      if (!linked) {
        const row = await client.query<{ deleted: boolean }>(
          'SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
          [userId],
        );
        if (row.rows[0]?.deleted !== false) return 'erased';
        throw googleAccountTaken();
      }
      await users.markEmailVerified(userId);
      await new Sessions(client).revokeAllOf(userId);
      await new AccountTokens(client).retireAllOf(client, userId);
      return linked;
    });
  }

  /**
   * Finishes signup grants a crash interrupted (user created, grant not yet in the ledger).
   * Safe to run any time: the grant is idempotent by key.
   */
  async grantPendingSignupCredits(context: RequestContext): Promise<number> {
    const pending = await this.users.listPendingSignupGrants();
    for (const user of pending) await this.grantSignupCredits(user, context);
    return pending.length;
  }

  private async grantSignupCredits(user: UserRecord, context: RequestContext) {
    const result = await this.ledger.credits.handle(
      creditStreamId(user.id),
      {
        type: 'GrantCredits',
        data: {
          userId: user.id,
          grantId: `signup-${user.id}`,
          amount: SIGNUP_CREDITS,
          source: 'signup',
          expiresAt: null,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'signup' },
        reason: 'Signup bonus',
        correlationId: context.correlationId,
        idempotencyKey: `signup:${user.id}`,
      },
    );
    await this.users.markSignupGranted(user.id);
    await this.projections.waitFor(result.position);
  }

  private async startSession(
    user: UserRecord,
    context: RequestContext,
    method: 'password' | 'google',
  ): Promise<SignedIn> {
    const { token, session } = await this.sessions.create(user.id, { ...context, method });
    return { token, session, user };
  }

  private async availableUsername(email: string, name: string | null): Promise<string> {
    const base =
      (name ?? email.split('@')[0] ?? 'artist')
        .normalize('NFKD')
        .replace(/[^\p{L}\p{N}_.-]+/gu, '')
        .slice(0, 30) || 'artist';
    for (let attempt = 0; attempt < 50; attempt++) {
      const candidate = attempt === 0 ? base : `${base}${Math.floor(Math.random() * 10_000)}`;
      if (!(await this.users.isUsernameTaken(candidate))) return candidate;
    }
    throw new Error('could not find a free username');
  }
}
