import type pg from 'pg';
import type { Ledger } from '@app/ledger';
import { RateLimiter } from '../accounts/rate-limiter';
import type { UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { Config } from '../config';
import type { MailDelivery } from '../mail/mail-delivery';
import { GiftCodeVault } from './gift-codes';
import { GiftRepository } from './gift-repository';
import { GiftService, type GiftPaymentRefunds } from './gift-service';

/**
 * The gift service with its sealing secret: GIFT_CODE_SECRET, else one derived from the webhook
 * secret (shared by every replica already; set GIFT_CODE_SECRET to rotate the two apart).
 */
export function createGiftService(
  config: Config,
  webhookSecret: string,
  deps: {
    pool: pg.Pool;
    ledger: Ledger;
    users: UsersRepository;
    projections: ProjectionsGate;
    mail: MailDelivery;
    refunds: GiftPaymentRefunds;
  },
): GiftService {
  const secret = config.giftCodeSecret ?? `derived-from-webhook-secret:${webhookSecret}`;
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
