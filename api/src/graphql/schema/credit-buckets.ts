import type { CreditBucket } from '@app/ledger';
import { getCreditBuckets, type BucketFigures, type CreditBucketBalance } from '@app/projections';
import { CreditMovementRef } from './credit-history';
import { UserRef } from './user';
import { builder } from '../builder';

export const CreditBucketKindEnum = builder.enumType('CreditBucketKind', {
  description:
    'PLAN: credits of a plan period (expire when it ends, no rollover); PACK: one-time packs and redeemed gifts (expire 24 months after purchase); FREE: signup, goodwill and refunded free credits',
  values: {
    PLAN: { value: 'plan' },
    PACK: { value: 'pack' },
    FREE: { value: 'free' },
  } as const,
});

const CreditExpiryRef = builder.objectRef<{ credits: number; at: Date }>('CreditExpiry').implement({
  description: '"120 credits expire on 22 Dec"',
  fields: (t) => ({
    credits: t.exposeInt('credits'),
    expiresAt: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

const CreditBucketRef = builder.objectRef<BucketFigures>('CreditBucket').implement({
  fields: (t) => ({
    kind: t.field({ type: CreditBucketKindEnum, resolve: (b) => b.bucket }),
    credits: t.exposeInt('available', { description: 'Credits of this bucket usable now' }),
    nextExpiry: t.field({
      type: CreditExpiryRef,
      nullable: true,
      description: 'The soonest expiry in this bucket; null when its credits never expire',
      resolve: (b) => b.nextExpiry,
    }),
  }),
});

const CreditBucketBalanceRef = builder
  .objectRef<CreditBucketBalance>('CreditBucketBalance')
  .implement({
    description:
      'The balance split by bucket, folded from the credit events (the credit_buckets read model)',
    fields: (t) => ({
      buckets: t.field({
        type: [CreditBucketRef],
        description: 'PLAN, PACK and FREE, always all three',
        resolve: (b) => b.buckets,
      }),
      spendingOrder: t.field({
        type: [CreditBucketKindEnum],
        description:
          'Buckets with credits in the order they are spent: soonest-expiring first, never-expiring last',
        resolve: (b) => b.spendingOrder,
      }),
      expiryWarning: t.field({
        type: CreditExpiryRef,
        nullable: true,
        description:
          'Credits (plan, pack or gift, free) that expire within three days ("N credits expire on <date>; they do not roll over")',
        resolve: (b) =>
          b.expiryWarning
            ? { credits: b.expiryWarning.credits, at: b.expiryWarning.expiresAt }
            : null,
      }),
    }),
  });

builder.objectField(UserRef, 'creditBuckets', (t) =>
  t.field({
    type: CreditBucketBalanceRef,
    description: 'Credits available now, by bucket, with each bucket’s next expiry',
    resolve: (user, _args, context) => getCreditBuckets(context.services.pool, user.id),
  }),
);

builder.objectField(CreditMovementRef, 'bucket', (t) =>
  t.field({
    type: CreditBucketKindEnum,
    nullable: true,
    description: 'For an expiry in the user history: the bucket whose credits expired',
    resolve: (m) =>
      'bucket' in m && typeof m.bucket === 'string' ? (m.bucket as CreditBucket) : null,
  }),
);
