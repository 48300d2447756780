import {
  assertNever,
  creditBucketOf,
  type CreditAccountEvent,
  type CreditBucket,
} from '@app/ledger';

// The pure part of the credit-buckets read model: which lot an event creates (with its bucket)
// and by how much it moves the credits left in a lot. The SQL around it is in the projection.

export interface BucketLot {
  userId: string;
  lotId: string;
  bucket: CreditBucket;
  funding: 'free' | 'paid';
  source: string;
  /** Credits the lot arrived with. */
  amount: number;
  /** Credits of the lot not held, spent, expired or revoked. */
  remaining: number;
  expiresAt: string | null;
  createdAt: string;
}

export type BucketChange =
  | {
      kind: 'add';
      lot: BucketLot;
      /** A refunded paid lot keeps the bucket of the lot its credits came from, when known. */
      inheritFrom?: string;
    }
  | { kind: 'adjust'; userId: string; lotId: string; delta: number };

/** Purchases without a product are plan invoices (every purchase before packs existed). */
const purchaseSource = (product: 'plan' | 'pack' | 'gift' | undefined) => product ?? 'plan';

function newLot(
  fields: Omit<BucketLot, 'bucket' | 'remaining'>,
  source = fields.source,
): BucketLot {
  return {
    ...fields,
    source,
    remaining: fields.amount,
    bucket: creditBucketOf({ funding: fields.funding, source }),
  };
}

export function bucketChangesOf(event: CreditAccountEvent, at: string): BucketChange[] {
  const userId = event.data.userId;
  const adjust = (lotId: string, delta: number): BucketChange => ({
    kind: 'adjust',
    userId,
    lotId,
    delta,
  });
  switch (event.type) {
    case 'CreditsGranted':
      return [
        {
          kind: 'add',
          lot: newLot({
            userId,
            lotId: event.data.grantId,
            funding: 'free',
            source: event.data.source,
            amount: event.data.amount,
            expiresAt: event.data.expiresAt,
            createdAt: at,
          }),
        },
      ];
    case 'CreditsPurchased':
      return [
        {
          kind: 'add',
          lot: newLot({
            userId,
            lotId: event.data.purchaseId,
            funding: 'paid',
            source: purchaseSource(event.data.product),
            amount: event.data.amount,
            expiresAt: event.data.expiresAt,
            createdAt: at,
          }),
        },
      ];
    case 'CreditsReserved':
      return event.data.allocations.map((a) => adjust(a.lotId, -a.amount));
    case 'CreditsReleased':
      return event.data.allocations.map((a) => adjust(a.lotId, a.amount));
    case 'CreditsSpent':
      return [];
    case 'CreditsRefunded': {
      const prefix = `${event.data.refundId}:`;
      return event.data.lots.map((lot) => ({
        kind: 'add' as const,
        lot: newLot({
          userId,
          lotId: lot.lotId,
          funding: lot.funding,
          source: 'refund',
          amount: lot.amount,
          expiresAt: lot.expiresAt,
          createdAt: at,
        }),
        ...(lot.funding === 'paid' && lot.lotId.startsWith(prefix)
          ? { inheritFrom: lot.lotId.slice(prefix.length) }
          : {}),
      }));
    }
    case 'CreditsExpired':
    case 'CreditsRevoked':
      return [adjust(event.data.lotId, -event.data.amount)];
    default:
      return assertNever(event);
  }
}

/** A refunded paid lot takes its origin's source (and so its bucket). */
export function inheritOrigin(lot: BucketLot, origin: Pick<BucketLot, 'source'>): BucketLot {
  return {
    ...lot,
    source: origin.source,
    bucket: creditBucketOf({ ...lot, source: origin.source }),
  };
}

/** Every lot of the given events, folded in memory (tests, and the reference the SQL must equal). */
export function foldCreditBuckets(
  events: readonly { event: CreditAccountEvent; at: string }[],
): Map<string, BucketLot> {
  const lots = new Map<string, BucketLot>();
  const key = (userId: string, lotId: string) => `${userId}\u0000${lotId}`;
  for (const { event, at } of events) {
    for (const change of bucketChangesOf(event, at)) {
      if (change.kind === 'adjust') {
        const lot = lots.get(key(change.userId, change.lotId));
        if (lot) lot.remaining += change.delta;
        continue;
      }
      const origin = change.inheritFrom
        ? lots.get(key(change.lot.userId, change.inheritFrom))
        : undefined;
      const lot = origin ? inheritOrigin(change.lot, origin) : change.lot;
      if (!lots.has(key(lot.userId, lot.lotId))) lots.set(key(lot.userId, lot.lotId), lot);
    }
  }
  return lots;
}

export interface BucketFigures {
  bucket: CreditBucket;
  /** Credits of this bucket usable now. */
  available: number;
  /** The soonest expiry among its usable lots, and how many credits expire then. */
  nextExpiry: { at: Date; credits: number } | null;
}

/** The balance by bucket at `now`, from lots (usable: credits left and not past their expiry). */
export function bucketFigures(lots: Iterable<BucketLot>, now: Date): BucketFigures[] {
  const figures = new Map<CreditBucket, BucketFigures>(
    (['plan', 'pack', 'free'] as const).map((bucket) => [
      bucket,
      { bucket, available: 0, nextExpiry: null },
    ]),
  );
  for (const lot of lots) {
    const expiresAt = lot.expiresAt === null ? null : new Date(lot.expiresAt);
    if (lot.remaining <= 0 || (expiresAt && expiresAt.getTime() <= now.getTime())) continue;
    const figure = figures.get(lot.bucket)!;
    figure.available += lot.remaining;
    if (!expiresAt) continue;
    const next = figure.nextExpiry;
    if (!next || expiresAt.getTime() < next.at.getTime())
      figure.nextExpiry = { at: expiresAt, credits: lot.remaining };
    else if (expiresAt.getTime() === next.at.getTime()) next.credits += lot.remaining;
  }
  return [...figures.values()];
}

/**
 * The order buckets are drawn from, as the ledger spends lots: soonest-expiring first, never
 * expiring last. Empty buckets are left out.
 */
export function spendingOrder(figures: readonly BucketFigures[]): CreditBucket[] {
  return figures
    .filter((figure) => figure.available > 0)
    .sort(
      (a, b) =>
        (a.nextExpiry?.at.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.nextExpiry?.at.getTime() ?? Number.POSITIVE_INFINITY),
    )
    .map((figure) => figure.bucket);
}

/** Expiring credits are announced this long before they expire (mail and in-app banner). */
export const EXPIRY_WARNING_LEAD_MS = 3 * 86_400_000;

/**
 * Credits of any bucket (plan, pack or gift, free) that expire within the warning's lead time:
 * how many, and the soonest day. Null when none are due.
 */
export function expiryWarningOf(
  lots: Iterable<BucketLot>,
  now: Date,
): { credits: number; expiresAt: Date } | null {
  const until = now.getTime() + EXPIRY_WARNING_LEAD_MS;
  let credits = 0;
  let soonest: number | null = null;
  for (const lot of lots) {
    if (lot.remaining <= 0 || lot.expiresAt === null) continue;
    const at = Date.parse(lot.expiresAt);
    if (at <= now.getTime() || at > until) continue;
    credits += lot.remaining;
    soonest = soonest === null ? at : Math.min(soonest, at);
  }
  return soonest === null ? null : { credits, expiresAt: new Date(soonest) };
}
