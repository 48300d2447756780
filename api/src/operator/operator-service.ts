import type { Services } from '../composition/services';
import { ROLES, type Role } from '../accounts/users-repository';
import { AppError, badInput, notFound } from '../shared/errors';

/** What operators do from the command line (and, in embedded mode, through the running API). */
export class OperatorService {
  constructor(private readonly services: Services) {}

  private async userByEmail(email: string) {
    const user = await this.services.accounts.users.findByEmail(email);
    if (!user) throw notFound(`No user with email ${email}`);
    return user;
  }

  /** Grants a staff role (`none` clears them all). */
  async setRole(email: string, role: string): Promise<{ email: string; roles: Role[] }> {
    if (role !== 'none' && !ROLES.includes(role as Role))
      throw badInput(`Unknown role ${role}; use ${ROLES.join(', ')} or none`);
    const user = await this.userByEmail(email);
    const roles = role === 'none' ? [] : [...new Set([...user.roles, role as Role])];
    await this.services.accounts.users.setRoles(user.id, roles);
    this.services.accounts.forgetUser(user.id);
    return { email: user.email, roles };
  }

  /** Runs the ledger audit and records the run; the caller prints the mismatches. */
  audit(runBy = 'operator') {
    return this.services.audit.run(runBy);
  }

  /** Local payments only: renews (or ends) a subscription now, to show renewal, reset and no rollover. */
  async advanceSubscription(
    email: string,
  ): Promise<{ email: string; outcome: 'renewed' | 'ended' }> {
    if (!this.services.localBilling) {
      throw new AppError(
        'NOT_LOCAL',
        'advance-subscription works with the local checkout (PAYMENTS=local) only; Stripe renews on its own',
        400,
      );
    }
    const user = await this.userByEmail(email);
    return { email: user.email, outcome: await this.services.localBilling.advance(user.id) };
  }
}
