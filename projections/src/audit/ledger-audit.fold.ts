import {
  creditAccountEventSchema,
  evolveSubscription,
  initialSubscriptionState,
  subscriptionEventSchema,
  type CreditAccountEvent,
  type RecordedEvent,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@app/ledger';

// The audit's own fold: what every account must look like, computed from the event log alone.
// It deliberately does not reuse the read models' SQL or the command handler's pruned state, so a
// bug in either shows up as a difference.

export interface AuditLot {
  funding: string;
  remaining: number;
  /** Epoch milliseconds; null never expires. */
  expiresAt: number | null;
}

export interface AuditAccount {
  held: number;
  granted: number;
  purchased: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
  lots: Map<string, AuditLot>;
}

export type AuditSubscription = Pick<
  SubscriptionState,
  'status' | 'planId' | 'customerId' | 'subscriptionId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;

const newAccount = (): AuditAccount => ({
  held: 0,
  granted: 0,
  purchased: 0,
  spent: 0,
  refunded: 0,
  expired: 0,
  revoked: 0,
  lots: new Map(),
});

const millis = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Folds parsed credit events into accounts. Problems in the log itself come back as findings. */
export class CreditAuditFold {
  readonly accounts = new Map<string, AuditAccount>();
  readonly problems: { userId: string; detail: string }[] = [];

  private account(userId: string) {
    let account = this.accounts.get(userId);
    if (!account) this.accounts.set(userId, (account = newAccount()));
    return account;
  }

  private newLot(userId: string, lotId: string, lot: AuditLot) {
    const account = this.account(userId);
    if (account.lots.has(lotId)) {
      this.problems.push({ userId, detail: `lot ${lotId} created twice in the log` });
      return;
    }
    account.lots.set(lotId, lot);
  }

  private adjust(userId: string, lotId: string, delta: number) {
    const lot = this.account(userId).lots.get(lotId);
    if (!lot) {
      this.problems.push({ userId, detail: `event moves credits of unknown lot ${lotId}` });
      return;
    }
    lot.remaining += delta;
  }

  apply(event: CreditAccountEvent) {
    const { userId } = event.data;
    const account = this.account(userId);
    switch (event.type) {
      case 'CreditsGranted':
        account.granted += event.data.amount;
        this.newLot(userId, event.data.grantId, {
          funding: 'free',
          remaining: event.data.amount,
          expiresAt: millis(event.data.expiresAt),
        });
        return;
      case 'CreditsPurchased':
        account.purchased += event.data.amount;
        this.newLot(userId, event.data.purchaseId, {
          funding: 'paid',
          remaining: event.data.amount,
          expiresAt: millis(event.data.expiresAt),
        });
        return;
      case 'CreditsReserved':
        account.held += event.data.amount;
        for (const a of event.data.allocations) this.adjust(userId, a.lotId, -a.amount);
        return;
      case 'CreditsSpent':
        account.held -= event.data.amount;
        account.spent += event.data.amount;
        return;
      case 'CreditsReleased':
        account.held -= event.data.amount;
        for (const a of event.data.allocations) this.adjust(userId, a.lotId, a.amount);
        return;
      case 'CreditsRefunded':
        account.refunded += event.data.amount;
        for (const lot of event.data.lots)
          this.newLot(userId, lot.lotId, {
            funding: lot.funding,
            remaining: lot.amount,
            expiresAt: millis(lot.expiresAt),
          });
        return;
      case 'CreditsExpired':
        account.expired += event.data.amount;
        this.adjust(userId, event.data.lotId, -event.data.amount);
        return;
      case 'CreditsRevoked':
        account.revoked += event.data.amount;
        this.adjust(userId, event.data.lotId, -event.data.amount);
        return;
      default: {
        const never: never = event;
        throw new Error(`unhandled credit event ${JSON.stringify(never)}`);
      }
    }
  }
}

/** Folds subscription events with the stream's own evolve (the rules of the stream itself). */
export class SubscriptionAuditFold {
  readonly states = new Map<string, SubscriptionState>();

  apply(event: SubscriptionEvent, recorded: RecordedEvent) {
    const { userId } = event.data;
    const state = this.states.get(userId) ?? initialSubscriptionState();
    this.states.set(
      userId,
      evolveSubscription(state, event, {
        idempotencyKey: recorded.metadata.idempotencyKey,
        occurredAt: Date.parse(recorded.metadata.occurredAt),
      }),
    );
  }
}

export const parseCreditEvent = (recorded: RecordedEvent) =>
  creditAccountEventSchema.safeParse({ type: recorded.type, data: recorded.data });

export const parseSubscriptionEvent = (recorded: RecordedEvent) =>
  subscriptionEventSchema.safeParse({ type: recorded.type, data: recorded.data });
