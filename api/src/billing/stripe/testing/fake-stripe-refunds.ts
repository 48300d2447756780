import { randomBytes } from 'node:crypto';

// The fake Stripe server's Refunds API (POST /v1/refunds), with Stripe's idempotency keys.

/** Status, JSON body and extra headers of one answer. */
export type Answer = [number, unknown, Record<string, string>?];

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
}

export const noSuch = (kind: string, value: string): Answer => [
  404,
  {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${value}'`,
      param: 'id',
    },
  },
];

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

export class FakeStripeRefunds {
  /** Refunds made, by id. */
  readonly refunds = new Map<string, StripeRefund>();
  /** Answers by Idempotency-Key, as Stripe keeps them (24 hours). */
  private readonly answers = new Map<string, { params: string; answer: Answer }>();

  constructor(
    /** What a payment intent paid (a checkout session or an invoice), if any. */
    private readonly paymentOf: (paymentIntent: string) => Record<string, unknown> | undefined,
  ) {}

  create(form: Record<string, string>, idempotencyKey: string | undefined): Answer {
    return idempotencyKey ? this.idempotent(idempotencyKey, form) : this.refund(form);
  }

  /**
   * Stripe's idempotency: the same key with the same parameters answers the first result again
   * (marked Idempotent-Replayed) and does nothing; with other parameters it is refused.
   */
  private idempotent(key: string, form: Record<string, string>): Answer {
    const params = JSON.stringify(Object.entries(form).sort());
    const seen = this.answers.get(key);
    if (seen && seen.params !== params) {
      return [
        400,
        {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      ];
    }
    if (seen) return [seen.answer[0], seen.answer[1], { 'idempotent-replayed': 'true' }];
    const answer = this.refund(form);
    this.answers.set(key, { params, answer });
    return answer;
  }

  /** A full refund of a paid payment intent's charge (or the amount asked, up to what is left). */
  private refund(form: Record<string, string>): Answer {
    const paymentIntent = form.payment_intent;
    if (!paymentIntent) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message:
              'One of the following params should be provided for this request: payment_intent or charge.',
          },
        },
      ];
    }
    const session = this.paymentOf(paymentIntent);
    if (!session || session.payment_status !== 'paid')
      return noSuch('payment_intent', paymentIntent);
    const charge = `ch_${paymentIntent.replace(/^pi_/, '')}`;
    const paid = Number(session.amount_total ?? 0);
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = form.amount ? Number(form.amount) : paid - refunded;
    if (refunded >= paid || amount <= 0 || amount > paid - refunded) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${charge} has already been refunded.`,
          },
        },
      ];
    }
    const refund: StripeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge,
      currency: String(session.currency ?? 'usd'),
      payment_intent: paymentIntent,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
      metadata: {},
    };
    this.refunds.set(refund.id, refund);
    return [200, refund];
  }
}
