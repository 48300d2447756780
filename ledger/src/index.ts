export * from './shared/metadata';
export * from './shared/errors';
export * from './shared/logger';
export * from './shared/decider';
export * from './credits/credit-account';
export * from './credits/credit-account.balances';
export * from './credits/credit-account.decide';
export * from './credits/credit-buckets';
export * from './subscription/subscription';
export * from './subscription/subscription.decide';
export * from './generation/generation';
export * from './generation/generation.decide';
export * from './generation/generation.read';
export * from './gift/gift';
export * from './gift/gift.decide';
export * from './event-store/event-store';
export * from './event-store/postgres/postgres-event-store';
export * from './event-store/postgres/notification-listener';
export * from './command-handling/command-handler';
export * from './command-handling/snapshot-store';
export * from './infrastructure/postgres/database';
export * from './infrastructure/postgres/migrations';
export * from './ledger';
export * from './infrastructure/open-ledger-storage';
// Types only: the KurrentDB client is imported on demand (openLedgerStorage), not with the ledger.
export type {
  KurrentDBEventStore,
  KurrentDBEventStoreOptions,
} from './event-store/kurrentdb/kurrentdb-event-store';
export * from './infrastructure/postgres/prepared-query';
export * from './shared/tracing';
