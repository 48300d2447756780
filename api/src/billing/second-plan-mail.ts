import type { UsersRepository } from '../accounts/users-repository';
import type { MailDelivery } from '../mail/mail-delivery';
import { compose, hello, type Mail } from '../mail/templates';
import { planById } from './plans';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/** A second plan paid while the first runs: why the money came back, and where plans change. */
export const secondPlanRefundedMail = (
  name: string | null,
  refund: { refusedPlan: string; keptPlan: string; amount: string; manageUrl: string },
): Mail =>
  compose({
    kind: 'second-plan-refunded',
    subject: `Your ${refund.refusedPlan} payment was refunded`,
    greeting: hello(name),
    paragraphs: [
      `You already have the ${refund.keptPlan} plan, so we did not start a second plan for ${refund.refusedPlan}: its subscription is ended and your payment of ${refund.amount} is refunded in full. Your bank usually shows it within 5 to 10 days.`,
      `Your ${refund.keptPlan} plan and its credits carry on as before. To move to ${refund.refusedPlan}, change your plan from your profile.`,
    ],
    action: { label: 'Manage your plan', url: refund.manageUrl },
  });

/** What the payment webhooks tell the customer by mail. */
export interface BillingNotices {
  secondPlanRefunded(
    userId: string,
    refused: { planId: string; amountPaid: number; currency: string },
    keptPlanId: string | null,
  ): Promise<void>;
}

export class MailedBillingNotices implements BillingNotices {
  constructor(
    private readonly users: UsersRepository,
    private readonly mail: MailDelivery,
    private readonly publicUrl: string,
  ) {}

  async secondPlanRefunded(
    userId: string,
    refused: { planId: string; amountPaid: number; currency: string },
    keptPlanId: string | null,
  ) {
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) return;
    this.mail.sendLater({
      to: user.email,
      userId: user.id,
      ...secondPlanRefundedMail(user.fullName ?? user.username, {
        refusedPlan: planById(refused.planId)?.name ?? refused.planId,
        keptPlan: planById(keptPlanId)?.name ?? 'paid',
        amount: money(refused.amountPaid, refused.currency),
        manageUrl: `${this.publicUrl}/profile`,
      }),
    });
  }
}
