import type pg from 'pg';
import type { Ledger } from '@app/ledger';
import { RateLimiter } from '../accounts/rate-limiter';
import type { UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { Config } from '../config';
import type { MailDelivery } from '../mail/mail-delivery';
import { localSecret } from '../shared/local-secrets';
import { GiftCodeVault } from './gift-codes';
import { GiftRepository } from './gift-repository';
import { GiftService, type GiftPaymentRefunds } from './gift-service';

export class GiftsNotConfiguredError extends Error {
  constructor() {
    super('Gifts are not configured: GIFT_CODE_SECRET is not set');
    this.name = 'GiftsNotConfiguredError';
  }
}

/** The gift service with its sealing secret (generated into the data folder with local payments). */
export async function createGiftService(
  config: Config,
  deps: {
    pool: pg.Pool;
    ledger: Ledger;
    users: UsersRepository;
    projections: ProjectionsGate;
    mail: MailDelivery;
    refunds: GiftPaymentRefunds;
  },
): Promise<GiftService> {
  const secret =
    config.giftCodeSecret ??
    (config.billing.mode === 'local' ? await localSecret(config.dataDir, 'giftCodeSecret') : null);
  if (!secret) throw new GiftsNotConfiguredError();
  return new GiftService(
    deps.ledger,
    new GiftRepository(deps.pool),
    deps.users,
    deps.projections,
    new GiftCodeVault(secret),
    deps.mail,
    new RateLimiter(deps.pool),
    deps.refunds,
    config.publicUrl,
    config.giftRedeemLimits,
  );
}
