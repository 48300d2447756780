import type { CreditPack } from './packs';
import type { PlanId } from './plans';

export interface CheckoutRequest {
  userId: string;
  email: string;
  planId: PlanId;
  /** The customer this user already has, so one person keeps one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** The client's key for this checkout, passed on to Stripe's Idempotency-Key. */
  idempotencyKey?: string | null;
}

/** What a gift buyer gives with a pack: kept in gift_orders until the payment issues the gift. */
export interface GiftDetails {
  recipientEmail?: string;
  message?: string;
}

/** A one-time pack, bought in payment mode for oneself ('pack') or for someone else ('gift'). */
export interface PackCheckoutRequest {
  userId: string;
  email: string;
  pack: CreditPack;
  kind: 'pack' | 'gift';
  gift: GiftDetails | null;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey?: string | null;
}

/** A payment-mode checkout the provider reports paid, for finance's reconciliation. */
export interface PaidPackCheckout {
  checkoutSessionId: string;
  userId: string | null;
  kind: 'pack' | 'gift';
  amountPaid: number;
  currency: string;
  paidAt: Date;
  /** Its payment was refunded at the provider. */
  refunded: boolean;
}

/** Where the money side lives: Stripe, or the embedded local checkout. */
export interface PaymentGateway {
  readonly kind: 'stripe' | 'local';
  createCheckoutSession(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Checkout in payment mode for a credit pack; priced from our catalogue, not a stored price. */
  createPackCheckoutSession(
    request: PackCheckoutRequest,
  ): Promise<{ sessionId: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * The user's customer at the provider, made before their first plan checkout so that every
   * checkout of theirs, even two opened at once, pays as one customer (whose subscriptions the
   * webhook can list). Null: the provider makes none up front (the local checkout). Repeated for
   * one user, it answers the same customer.
   */
  createCustomer(userId: string, email: string): Promise<string | null>;
  /** Stripe ids of our plans' prices; an invoice line names one of them. */
  planForPrice(priceId: string): PlanId | null;
  /** The invoice a payment belongs to (a refunded charge names only its payment intent). */
  findInvoiceForPayment(paymentIntentId: string): Promise<string | null>;
  /**
   * The payment intent that paid an invoice, when the invoice event did not carry it (Stripe's
   * invoice events leave out `payments`, an includable field).
   */
  findPaymentOfInvoice(invoiceId: string): Promise<string | null>;
  /**
   * Ends the user's paid subscriptions at once (account deletion); the provider's
   * customer.subscription.deleted event then records it in the ledger. Answers how many ended.
   */
  cancelSubscriptionsNow(userId: string, customerId: string | null): Promise<number>;
  /**
   * Ends one subscription at once (its current period's payment was refunded in full); the
   * provider's customer.subscription.deleted event then ends the plan in the ledger. Answers
   * false when it had already ended. The key makes a repeated call one cancellation.
   */
  endSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<boolean>;
  /**
   * Whether the subscription runs at the provider now (active, on trial, or with a payment owed:
   * past due, unpaid): whether the plan the log follows still runs when another is paid.
   */
  subscriptionRuns(subscriptionId: string): Promise<boolean>;
  /**
   * Refunds one payment in full (a second plan's); the provider then sends charge.refunded.
   * Repeating it with the same key refunds once.
   */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /** Every paid invoice the payment provider knows, for finance's reconciliation. */
  listPaidInvoices(): AsyncIterable<PaidInvoice>;
  /**
   * Refunds a paid payment-mode checkout in full (a voided gift); the provider then sends
   * charge.refunded like any refund. Repeating it with the same key refunds once.
   */
  refundCheckoutPayment(checkoutSessionId: string, idempotencyKey: string): Promise<void>;
  /** Every paid payment-mode checkout (packs and gifts), for finance's reconciliation. */
  listPaidPackCheckouts(): AsyncIterable<PaidPackCheckout>;
}

export interface PaidInvoice {
  invoiceId: string;
  customerId: string | null;
  amountPaid: number;
  currency: string;
  paidAt: Date;
}

export class PaymentsNotConfiguredError extends Error {
  constructor(detail: string) {
    super(`Payments are not configured: ${detail}`);
    this.name = 'PaymentsNotConfiguredError';
  }
}
