// A small reference model of one account, written from the product's rules (not from the code):
// lots with their funding and the period they belong to, spent soonest-expiring first; a new
// period expires what is left of the last one; an upgrade's credits replace what is left of this
// period's; a refunded payment takes back what is unspent of its purchase; held credits that come
// back to a lot which ended meanwhile end with it.

export type PaidPlan = 'pro' | 'ultra';
export const PLAN_CREDITS: Record<PaidPlan, number> = { pro: 300, ultra: 1500 };
export const PLAN_PRICE: Record<PaidPlan, number> = { pro: 900, ultra: 1900 };
export const GENERATION_COST = 5;

export interface ModelLot {
  id: string;
  remaining: number;
  /** When the paid period it belongs to ends (epoch ms, whole seconds); null never expires. */
  expiresAt: number | null;
  sequence: number;
  /** The invoice whose refund revokes it (purchases only). */
  invoice: string | null;
  closed: boolean;
}

export interface ModelHold {
  id: string;
  allocations: { lotId: string; amount: number }[];
}

export interface ModelSpend {
  id: string;
  allocations: { lotId: string; amount: number }[];
  refunded: boolean;
}

export interface ModelSubscription {
  plan: PaidPlan;
  /** End of the current period (epoch ms, whole seconds), as the payment provider set it. */
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  scheduled: PaidPlan | null;
  /** Invoices of this subscription, newest last, not yet refunded. */
  invoices: string[];
  /** Every invoice of this subscription (the plan's end expires their purchases). */
  allInvoices: string[];
}

export class ModelAccount {
  lots: ModelLot[] = [];
  holds: ModelHold[] = [];
  spends: ModelSpend[] = [];
  subscription: ModelSubscription | null = null;
  private sequence = 0;
  private invoiceCount = 0;

  constructor(readonly label: string) {
    this.addLot(`signup`, 5, null, null);
  }

  get available(): number {
    return this.lots.filter((l) => !l.closed).reduce((sum, l) => sum + l.remaining, 0);
  }

  get held(): number {
    return this.holds.reduce((sum, h) => sum + h.allocations.reduce((s, a) => s + a.amount, 0), 0);
  }

  get plan(): PaidPlan | null {
    return this.subscription?.plan ?? null;
  }

  private addLot(id: string, amount: number, expiresAt: number | null, invoice: string | null) {
    this.lots.push({
      id,
      remaining: amount,
      expiresAt,
      sequence: this.sequence++,
      invoice,
      closed: false,
    });
  }

  private lot(id: string) {
    return this.lots.find((l) => l.id === id)!;
  }

  grant(id: string, amount: number) {
    this.addLot(id, amount, null, null);
  }

  /** A hold of 5, or null when the credits are not there. */
  hold(id: string): ModelHold | null {
    if (this.available < GENERATION_COST) return null;
    const order = this.lots
      .filter((l) => !l.closed && l.remaining > 0)
      .sort(
        (a, b) =>
          (a.expiresAt ?? Number.POSITIVE_INFINITY) - (b.expiresAt ?? Number.POSITIVE_INFINITY) ||
          a.sequence - b.sequence,
      );
    let needed = GENERATION_COST;
    const allocations: ModelHold['allocations'] = [];
    for (const lot of order) {
      if (needed === 0) break;
      const take = Math.min(lot.remaining, needed);
      lot.remaining -= take;
      allocations.push({ lotId: lot.id, amount: take });
      needed -= take;
    }
    const held = { id, allocations };
    this.holds.push(held);
    return held;
  }

  capture(id: string) {
    const hold = this.takeHold(id);
    this.spends.push({ id, allocations: hold.allocations, refunded: false });
  }

  /** Released credits come back, unless their lot ended meanwhile: then they end with it. */
  release(id: string) {
    const hold = this.takeHold(id);
    for (const allocation of hold.allocations) {
      const lot = this.lot(allocation.lotId);
      if (!lot.closed) lot.remaining += allocation.amount;
    }
  }

  private takeHold(id: string) {
    const index = this.holds.findIndex((h) => h.id === id);
    const [hold] = this.holds.splice(index, 1);
    return hold!;
  }

  /** Support gives a spend's 5 credits back as new lots with the funding and period of those that paid. */
  refundSpend(): string | null {
    const spend = [...this.spends].reverse().find((s) => !s.refunded);
    if (!spend) return null;
    spend.refunded = true;
    for (const allocation of [...spend.allocations].reverse()) {
      const lot = this.lot(allocation.lotId);
      this.addLot(`refund:${spend.id}:${lot.id}`, allocation.amount, lot.expiresAt, null);
    }
    return spend.id;
  }

  /** What is left of paid lots ending by `time` expires (they close, held ones too). */
  private expirePaidThrough(time: number) {
    for (const lot of this.lots)
      if (lot.expiresAt !== null && lot.expiresAt <= time && !lot.closed) {
        lot.remaining = 0;
        lot.closed = true;
      }
  }

  private purchase(plan: PaidPlan) {
    const invoice = `invoice-${this.invoiceCount++}`;
    this.addLot(`purchase:${invoice}`, PLAN_CREDITS[plan], this.subscription!.periodEnd, invoice);
    this.subscription!.invoices.push(invoice);
    this.subscription!.allInvoices.push(invoice);
    return invoice;
  }

  /** Checkout paid: a new subscription's first period, ending at `periodEnd`. */
  subscribe(plan: PaidPlan, periodEnd: number) {
    this.subscription = {
      plan,
      periodEnd,
      cancelAtPeriodEnd: false,
      scheduled: null,
      invoices: [],
      allInvoices: [],
    };
    return this.purchase(plan);
  }

  /** The portal's plan switch: up at once (new credits replace this period's), down at period end. */
  switchPlan(target: PaidPlan): string | null {
    const subscription = this.subscription!;
    if (PLAN_PRICE[target] > PLAN_PRICE[subscription.plan]) {
      this.expirePaidThrough(subscription.periodEnd);
      subscription.plan = target;
      subscription.scheduled = null;
      subscription.cancelAtPeriodEnd = false;
      return this.purchase(target);
    }
    subscription.scheduled = target === subscription.plan ? null : target;
    return null;
  }

  setCancelAtPeriodEnd(cancel: boolean) {
    this.subscription!.cancelAtPeriodEnd = cancel;
  }

  /** advance-subscription ends a plan set to cancel: what is left of its purchases expires now. */
  end() {
    const invoices = new Set(this.subscription!.allInvoices);
    for (const lot of this.lots)
      if (lot.invoice !== null && invoices.has(lot.invoice) && !lot.closed) {
        lot.remaining = 0;
        lot.closed = true;
      }
    this.subscription = null;
  }

  /** advance-subscription otherwise: the next period, ending at `nextPeriodEnd`; credits reset. */
  renew(nextPeriodEnd: number): string {
    const subscription = this.subscription!;
    this.expirePaidThrough(subscription.periodEnd);
    subscription.periodEnd = nextPeriodEnd;
    subscription.plan = subscription.scheduled ?? subscription.plan;
    subscription.scheduled = null;
    return this.purchase(subscription.plan);
  }

  /** A full refund of the newest invoice's payment: what is unspent of its purchase is taken back. */
  refundPayment(): string | null {
    const invoice = this.subscription?.invoices.pop() ?? null;
    if (!invoice) return null;
    const lot = this.lot(`purchase:${invoice}`);
    if (!lot.closed) {
      lot.remaining = 0;
      lot.closed = true;
    }
    return invoice;
  }
}
