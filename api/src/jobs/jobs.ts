import { randomUUID } from 'node:crypto';
import type { Services } from '../composition/services';
import { systemContext } from '../shared/request-context';
import { sweepExpiredCredits } from '../credits/expiry-sweep';
import { FreeAllowance } from '../credits/free-allowance';
import { pruneExpiredRows } from './prune-expired';
import type { Job } from './scheduler';

/** The background work the API does. */
export function backgroundJobs(services: Services): Job[] {
  return [
    {
      name: 'signup-credit-recovery',
      intervalMs: 60_000,
      runAtStart: true,
      run: () => services.accounts.grantPendingSignupCredits(systemContext(`job-${randomUUID()}`)),
    },
    {
      name: 'free-monthly-allowance',
      intervalMs: 3_600_000,
      runAtStart: true,
      run: () => new FreeAllowance(services.pool, services.ledger).grantDue(),
    },
    {
      name: 'credit-expiry-sweep',
      intervalMs: 15 * 60_000,
      runAtStart: true,
      run: () => sweepExpiredCredits(services.pool, services.ledger),
    },
    {
      name: 'credit-expiry-warnings',
      intervalMs: 15 * 60_000,
      runAtStart: true,
      run: () => services.expiryWarnings.run(),
    },
    {
      name: 'generation-claim-recovery',
      intervalMs: 5 * 60_000,
      runAtStart: true,
      run: () => services.claims.completePending(),
    },
    {
      name: 'data-export-sweep',
      intervalMs: 10 * 60_000,
      runAtStart: true,
      run: () => services.dataExports.sweepExpired(),
    },
    {
      name: 'prune-expired-rows',
      intervalMs: 3_600_000,
      runAtStart: true,
      run: () =>
        pruneExpiredRows(services.pool, {
          // The auth window is configurable; the other limits (contact form) use at most a day.
          longestRateLimitWindowSeconds: Math.max(
            86_400,
            services.config.authLimits.loginPerIp.windowSeconds,
          ),
        }),
    },
    ...(services.localBilling
      ? [
          {
            name: 'local-billing-redelivery',
            intervalMs: 15_000,
            runAtStart: true,
            run: () => services.localBilling!.outbox.redeliver(),
          },
        ]
      : []),
    {
      name: 'result-retention',
      intervalMs: 3_600_000,
      runAtStart: true,
      run: () => services.resultRetention.sweep(),
    },
    {
      name: 'generation-recovery',
      intervalMs: services.config.generation.recoveryIntervalMs,
      runAtStart: true,
      run: () => services.generationRecovery.run(),
    },
    {
      // Same cadence as the hold reconciler: a redemption a crash interrupted gets its credits.
      name: 'gift-reconciler',
      intervalMs: services.config.generation.recoveryIntervalMs,
      runAtStart: true,
      run: () => services.gifts.reconcile(`job-${randomUUID()}`),
    },
  ];
}
