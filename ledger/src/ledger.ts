import { CommandHandler } from './command-handling/command-handler';
import type { SnapshotStore } from './command-handling/snapshot-store';
import {
  creditAccountEventSchema,
  type CreditAccountEvent,
  type CreditAccountState,
} from './credits/credit-account';
import { creditAccountDecider, type CreditAccountCommand } from './credits/credit-account.decide';
import type { EventStore } from './event-store/event-store';
import { giftEventSchema, type GiftEvent, type GiftState } from './gift/gift';
import { giftDecider, type GiftCommand } from './gift/gift.decide';
import {
  generationEventSchema,
  type GenerationEvent,
  type GenerationState,
} from './generation/generation';
import { generationDecider, type GenerationCommand } from './generation/generation.decide';
import {
  subscriptionEventSchema,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription/subscription';
import { subscriptionDecider, type SubscriptionCommand } from './subscription/subscription.decide';

/** One command handler per stream type, over one event store. */
export interface Ledger {
  readonly store: EventStore;
  readonly credits: CommandHandler<CreditAccountState, CreditAccountCommand, CreditAccountEvent>;
  readonly subscriptions: CommandHandler<SubscriptionState, SubscriptionCommand, SubscriptionEvent>;
  readonly generations: CommandHandler<GenerationState, GenerationCommand, GenerationEvent>;
  readonly gifts: CommandHandler<GiftState, GiftCommand, GiftEvent>;
}

export function createLedger(store: EventStore, snapshots?: SnapshotStore): Ledger {
  return {
    store,
    credits: new CommandHandler(store, creditAccountDecider, {
      eventSchema: creditAccountEventSchema,
      // 2: settled holds, spends and idempotency keys carry their time and are pruned by it.
      // 3: lots remember that they ended (expired or revoked) while credits of theirs were held.
      // 4: spends and settled holds in the compact snapshot of credit-account.snapshot.ts.
      // 5: spends remember their refund ids (a refund id refunds once).
      // 6: records keyed by id written as lists of ids and values (credit-account.snapshot.ts).
      stateVersion: 6,
      ...(snapshots ? { snapshots } : {}),
    }),
    subscriptions: new CommandHandler(store, subscriptionDecider, {
      eventSchema: subscriptionEventSchema,
      // 2: the state remembers every subscription that ended, not only the one it follows.
      // 3: and every one with a period accepted, and the second plans refused.
      // 4: a late checkout of the plan followed keeps its plan and its cancellation at period end.
      stateVersion: 4,
      ...(snapshots ? { snapshots } : {}),
    }),
    // Generation streams are short-lived; no snapshots, a small cache.
    generations: new CommandHandler(store, generationDecider, {
      eventSchema: generationEventSchema,
      cacheSize: 1_000,
    }),
    // A gift stream has at most three events; no snapshots.
    gifts: new CommandHandler(store, giftDecider, {
      eventSchema: giftEventSchema,
      cacheSize: 1_000,
    }),
  };
}
