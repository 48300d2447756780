import { describe, expect, it } from 'vitest';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import {
  HoldAlreadySettledError,
  HoldNotFoundError,
  INSUFFICIENT_CREDITS_MESSAGE,
  InsufficientCreditsError,
  InvalidCommandError,
  RefundExceedsSpendError,
  SpendNotFoundError,
  TooManyGenerationsError,
} from '../shared/errors';
import { type CreditAccountEvent } from './credit-account';
import { availableCredits, heldCredits } from './credit-account.balances';
import { creditAccountDecider, type CreditAccountCommand } from './credit-account.decide';

const given = deciderSpec(creditAccountDecider);
const userId = 'user-1';
const T0 = '2026-01-01T00:00:00.000Z';
const at = (iso: string) => metadataAt(iso);

const granted = (
  grantId: string,
  amount: number,
  expiresAt: string | null = null,
): CreditAccountEvent => ({
  type: 'CreditsGranted',
  data: { userId, grantId, amount, source: 'signup', expiresAt },
});
const purchased = (purchaseId: string, amount: number, expiresAt: string): CreditAccountEvent => ({
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId,
    amount,
    planId: 'pro',
    invoiceId: `in_${purchaseId}`,
    amountPaidCents: 900,
    currency: 'usd',
    periodStart: T0,
    periodEnd: expiresAt,
    expiresAt,
  },
});
const reserved = (
  reservationId: string,
  allocations: { lotId: string; amount: number }[],
): CreditAccountEvent => ({
  type: 'CreditsReserved',
  data: {
    userId,
    reservationId,
    generationId: `gen-${reservationId}`,
    amount: allocations.reduce((sum, a) => sum + a.amount, 0),
    deadline: '2026-01-01T00:10:00.000Z',
    allocations,
  },
});
const hold = (reservationId: string, amount = 5): CreditAccountCommand => ({
  type: 'HoldCredits',
  data: {
    userId,
    reservationId,
    generationId: `gen-${reservationId}`,
    amount,
    deadline: new Date('2026-01-01T00:10:00.000Z'),
  },
});
const spent = (
  reservationId: string,
  lotId = 'signup',
  expiresAt: string | null = null,
): CreditAccountEvent => ({
  type: 'CreditsSpent',
  data: {
    userId,
    reservationId,
    generationId: `gen-${reservationId}`,
    amount: 5,
    allocations: [{ lotId, amount: 5, funding: 'free', expiresAt }],
  },
});

describe('credit account: grant and purchase', () => {
  it('grants credits', () => {
    given([])
      .when(
        {
          type: 'GrantCredits',
          data: { userId, grantId: 'signup', amount: 5, source: 'signup', expiresAt: null },
        },
        at(T0),
      )
      .then([granted('signup', 5)]);
  });

  it('refuses a grant of zero or a fraction', () => {
    const command = (amount: number): CreditAccountCommand => ({
      type: 'GrantCredits',
      data: { userId, grantId: 'g', amount, source: 'goodwill', expiresAt: null },
    });
    given([]).when(command(0), at(T0)).thenThrows(InvalidCommandError);
    given([]).when(command(2.5), at(T0)).thenThrows(InvalidCommandError);
  });

  it('a repeated idempotency key yields no event', () => {
    given([{ event: granted('signup', 5), idempotencyKey: 'signup:user-1' }])
      .when(
        {
          type: 'GrantCredits',
          data: { userId, grantId: 'other', amount: 5, source: 'signup', expiresAt: null },
        },
        metadataAt(T0, { idempotencyKey: 'signup:user-1' }),
      )
      .then([]);
  });

  it('idempotency keys are remembered for 30 days of account activity, then forgotten', () => {
    const later = '2026-02-05T00:00:00.000Z';
    const history = [
      { event: granted('g1', 5), idempotencyKey: 'goodwill:1' },
      { event: granted('g2', 1), occurredAt: '2026-01-20T00:00:00.000Z' },
    ];
    const command: CreditAccountCommand = {
      type: 'GrantCredits',
      data: { userId, grantId: 'g3', amount: 5, source: 'signup', expiresAt: null },
    };
    given(history)
      .when(command, metadataAt('2026-01-25T00:00:00.000Z', { idempotencyKey: 'goodwill:1' }))
      .then([]);
    const spec = given([...history, { event: granted('g4', 1), occurredAt: later }]);
    expect(spec.state.seenKeys['goodwill:1']).toBeUndefined();
    spec
      .when(command, metadataAt(later, { idempotencyKey: 'goodwill:1' }))
      .then([granted('g3', 5)]);
  });

  it('a grant id already granted yields no event, whatever the key', () => {
    given([granted('signup', 5)])
      .when(
        {
          type: 'GrantCredits',
          data: { userId, grantId: 'signup', amount: 5, source: 'signup', expiresAt: null },
        },
        at(T0),
      )
      .then([]);
  });

  it('records a purchase with its invoice and period', () => {
    const end = '2026-02-01T00:00:00.000Z';
    given([])
      .when(
        {
          type: 'PurchaseCredits',
          data: {
            userId,
            purchaseId: 'p1',
            amount: 300,
            planId: 'pro',
            invoiceId: 'in_p1',
            amountPaidCents: 900,
            currency: 'usd',
            periodStart: new Date(T0),
            periodEnd: new Date(end),
            expiresAt: new Date(end),
          },
        },
        at(T0),
      )
      .then([purchased('p1', 300, end)]);
  });
});

describe('credit account: holds', () => {
  it('holds 5 credits from a grant of 5', () => {
    given([granted('signup', 5)])
      .when(hold('r1'), at(T0))
      .then([reserved('r1', [{ lotId: 'signup', amount: 5 }])]);
  });

  it('with 5 credits and two holds of 5, the second is refused with the spec message', () => {
    const spec = given([granted('signup', 5), reserved('r1', [{ lotId: 'signup', amount: 5 }])]);
    spec.when(hold('r2'), at(T0)).thenThrows(INSUFFICIENT_CREDITS_MESSAGE);
    spec.when(hold('r2'), at(T0)).thenThrows(InsufficientCreditsError);
  });

  it('consumes soonest-expiring first, then oldest first, never-expiring last', () => {
    given([
      granted('forever', 5),
      purchased('late', 5, '2026-01-10T00:00:00.000Z'),
      granted('soon-old', 3, '2026-01-05T00:00:00.000Z'),
      granted('soon-new', 5, '2026-01-05T00:00:00.000Z'),
    ])
      .when(hold('r1', 12), at(T0))
      .then([
        reserved('r1', [
          { lotId: 'soon-old', amount: 3 },
          { lotId: 'soon-new', amount: 5 },
          { lotId: 'late', amount: 4 },
        ]),
      ]);
  });

  it('a grant is unusable from the instant it expires', () => {
    const expiry = '2026-01-05T00:00:00.000Z';
    const spec = given([granted('monthly', 5, expiry)]);
    spec
      .when(hold('r1'), at('2026-01-04T23:59:59.999Z'))
      .then([reserved('r1', [{ lotId: 'monthly', amount: 5 }])]);
    spec.when(hold('r1'), at(expiry)).thenThrows(InsufficientCreditsError);
    expect(availableCredits(spec.state, new Date(expiry))).toBe(0);
  });

  it('refuses a third hold while two are open when at most two may be', () => {
    const spec = given([
      granted('signup', 20),
      reserved('r1', [{ lotId: 'signup', amount: 5 }]),
      reserved('r2', [{ lotId: 'signup', amount: 5 }]),
    ]);
    const limited: CreditAccountCommand = {
      ...hold('r3'),
      data: { ...hold('r3').data, maxOpenHolds: 2 },
    } as CreditAccountCommand;
    spec.when(limited, at(T0)).thenThrows(TooManyGenerationsError);
    spec
      .when(limited, at(T0))
      .thenThrows('You already have 2 generations in progress. Please wait for one to finish.');
    spec.when(hold('r3'), at(T0)).then([reserved('r3', [{ lotId: 'signup', amount: 5 }])]);
  });

  it('holding the same reservation again yields no event', () => {
    given([granted('signup', 10), reserved('r1', [{ lotId: 'signup', amount: 5 }])])
      .when(hold('r1'), at(T0))
      .then([]);
  });
});

describe('credit account: capture and release', () => {
  const held = [granted('signup', 5), reserved('r1', [{ lotId: 'signup', amount: 5 }])];
  const capture: CreditAccountCommand = {
    type: 'CaptureHold',
    data: { userId, reservationId: 'r1' },
  };
  const release: CreditAccountCommand = {
    type: 'ReleaseHold',
    data: { userId, reservationId: 'r1' },
  };
  const releasedEvent: CreditAccountEvent = {
    type: 'CreditsReleased',
    data: {
      userId,
      reservationId: 'r1',
      generationId: 'gen-r1',
      amount: 5,
      allocations: [{ lotId: 'signup', amount: 5 }],
    },
  };

  it('captures a hold, recording which lots paid and how they were funded', () => {
    given(held)
      .when(capture, at(T0))
      .then([spent('r1')]);
  });

  it('releases a hold and the credits are available again', () => {
    const spec = given(held);
    spec.when(release, at(T0)).then([releasedEvent]);
    const after = given([...held, releasedEvent]).state;
    expect(availableCredits(after, new Date(T0))).toBe(5);
    expect(heldCredits(after)).toBe(0);
  });

  it('a hold ends exactly once', () => {
    given([...held, spent('r1')])
      .when(capture, at(T0))
      .then([]);
    given([...held, spent('r1')])
      .when(release, at(T0))
      .thenThrows(HoldAlreadySettledError);
    given([...held, releasedEvent])
      .when(release, at(T0))
      .then([]);
    given([...held, releasedEvent])
      .when(capture, at(T0))
      .thenThrows(HoldAlreadySettledError);
  });

  it('capturing or releasing an unknown hold is an error', () => {
    given([granted('signup', 5)])
      .when(capture, at(T0))
      .thenThrows(HoldNotFoundError);
    given([granted('signup', 5)])
      .when(release, at(T0))
      .thenThrows(HoldNotFoundError);
  });

  it('credits released after their lot expired stay unusable and then expire', () => {
    const expiry = '2026-01-01T00:05:00.000Z';
    const history = [
      granted('monthly', 5, expiry),
      reserved('r1', [{ lotId: 'monthly', amount: 5 }]),
      {
        ...releasedEvent,
        data: { ...releasedEvent.data, allocations: [{ lotId: 'monthly', amount: 5 }] },
      },
    ] as CreditAccountEvent[];
    const spec = given(history);
    expect(availableCredits(spec.state, new Date('2026-01-01T00:06:00.000Z'))).toBe(0);
    spec
      .when({ type: 'ExpireCredits', data: { userId } }, at('2026-01-01T00:06:00.000Z'))
      .then([
        { type: 'CreditsExpired', data: { userId, lotId: 'monthly', amount: 5, funding: 'free' } },
      ]);
  });
});

describe('credit account: refund, expire, revoke', () => {
  const history = [
    granted('signup', 5),
    reserved('r1', [{ lotId: 'signup', amount: 5 }]),
    spent('r1'),
  ];
  const refund = (amount: number, reservationId = 'r1'): CreditAccountCommand => ({
    type: 'RefundCredits',
    data: { userId, refundId: 'refund-1', reservationId, amount },
  });

  it('refunds a spend as new lots with the funding of the lots that paid', () => {
    given(history)
      .when(refund(5), at(T0))
      .then([
        {
          type: 'CreditsRefunded',
          data: {
            userId,
            refundId: 'refund-1',
            reservationId: 'r1',
            amount: 5,
            lots: [{ lotId: 'refund-1:signup', amount: 5, funding: 'free', expiresAt: null }],
          },
        },
      ]);
  });

  it('a spend older than the refund window (90 days) can no longer be refunded', () => {
    const aYearLater = '2026-04-02T00:00:00.000Z';
    const spec = given([...history, { event: granted('later', 1), occurredAt: aYearLater }]);
    spec.when(refund(5), at(aYearLater)).thenThrows(SpendNotFoundError);
    given(history).when(refund(5), at('2026-03-30T00:00:00.000Z')).events();
  });

  it('a refund id refunds once, whatever idempotency key it comes with (found by the property spec)', () => {
    const refunded = {
      type: 'CreditsRefunded',
      data: {
        userId,
        refundId: 'refund-1',
        reservationId: 'r1',
        amount: 2,
        lots: [{ lotId: 'refund-1:signup', amount: 2, funding: 'free', expiresAt: null }],
      },
    } as CreditAccountEvent;
    const spec = given([...history, refunded]);
    spec.when(refund(2), at(T0)).then([]);
    expect(spec.state.totals.refunded).toBe(2);
  });

  it('refuses refunds beyond what was spent, and of unknown spends', () => {
    given(history).when(refund(6), at(T0)).thenThrows(RefundExceedsSpendError);
    given(history).when(refund(5, 'nope'), at(T0)).thenThrows(SpendNotFoundError);
  });

  it('expires what is left of lots past their expiry, and nothing else', () => {
    const expiry = '2026-01-31T00:00:00.000Z';
    const spec = given([granted('forever', 5), purchased('p1', 300, expiry)]);
    spec.when({ type: 'ExpireCredits', data: { userId } }, at('2026-01-30T00:00:00.000Z')).then([]);
    spec
      .when({ type: 'ExpireCredits', data: { userId } }, at(expiry))
      .then([
        { type: 'CreditsExpired', data: { userId, lotId: 'p1', amount: 300, funding: 'paid' } },
      ]);
  });

  it('expires named lots at once (a period reset), even before their expiry', () => {
    given([purchased('p1', 300, '2026-01-31T00:00:00.000Z')])
      .when({ type: 'ExpireCredits', data: { userId, lotIds: ['p1'] } }, at(T0))
      .then([
        { type: 'CreditsExpired', data: { userId, lotId: 'p1', amount: 300, funding: 'paid' } },
      ]);
  });

  it('a new paid period expires the paid lots whose period ended by then, not later ones nor free ones', () => {
    const spec = given([
      granted('forever', 5),
      purchased('january', 300, '2026-02-01T00:00:00.000Z'),
      purchased('march', 300, '2026-04-01T00:00:00.000Z'),
    ]);
    spec
      .when(
        {
          type: 'ExpireCredits',
          data: { userId, paidExpiringBy: new Date('2026-02-01T00:00:00.000Z') },
        },
        at(T0),
      )
      .then([
        {
          type: 'CreditsExpired',
          data: { userId, lotId: 'january', amount: 300, funding: 'paid' },
        },
      ]);
  });

  it('revokes what is unspent of a purchase', () => {
    given([
      purchased('p1', 10, '2026-01-31T00:00:00.000Z'),
      reserved('r1', [{ lotId: 'p1', amount: 5 }]),
    ])
      .when({ type: 'RevokeCredits', data: { userId, lotId: 'p1', reference: 'ch_1' } }, at(T0))
      .then([
        {
          type: 'CreditsRevoked',
          data: { userId, lotId: 'p1', amount: 5, funding: 'paid', reference: 'ch_1' },
        },
      ]);
  });
});
