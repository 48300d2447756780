import {
  bucketsOfLots,
  listUserCreditHistory,
  type CreditHistoryPage,
  type CreditMovement,
} from '@app/projections';
import type { CreditBucket } from '@app/ledger';
import type pg from 'pg';
import { planById } from '../billing/plans';
import { GIFT_CREDITS_REASON } from '../gifts/gift-service';

/** How a generation's style is named in a user's history ("Ghibli image"). */
const STYLE_NAMES: Readonly<Record<string, string>> = {
  'action-figure': 'Action figure',
  ghibli: 'Ghibli',
  pixar: 'Pixar',
  anime: 'Anime',
  snoopy: 'Snoopy comic',
  chibi: 'Chibi',
};

const imageOf = (style: string | null | undefined) =>
  style && STYLE_NAMES[style] ? `${STYLE_NAMES[style]} image` : 'Image';

const BUCKET_WORDS: Readonly<Record<CreditBucket, string>> = {
  plan: 'plan',
  pack: 'pack',
  free: 'free',
};

/** The system's own grant reasons (account-service, free-allowance). */
const SIGNUP_REASON = 'Signup bonus';
const ALLOWANCE_REASON = /^Free plan allowance\b/;

/**
 * What a movement means to the person whose credits they are, in words: "Ghibli image",
 * "Pro Plan credits", "Welcome credits". Never the ledger's type names or internal reasons.
 */
export function userMovementLabel(
  movement: Pick<CreditMovement, 'type' | 'reason' | 'planId' | 'actorKind' | 'style'> & {
    bucket?: CreditBucket | null;
  },
): string {
  switch (movement.type) {
    case 'CreditsGranted':
      if (movement.reason === SIGNUP_REASON) return 'Welcome credits';
      if (ALLOWANCE_REASON.test(movement.reason)) return 'Free monthly credits';
      return movement.actorKind === 'staff' ? 'Credits from support' : 'Credits added';
    case 'CreditsPurchased': {
      if (movement.reason === GIFT_CREDITS_REASON) return 'Gift credits';
      const plan = planById(movement.planId);
      return plan && plan.price > 0 ? `${plan.name} credits` : 'Credits purchased';
    }
    case 'CreditsReserved':
    case 'CreditsSpent':
      return imageOf(movement.style);
    case 'CreditsReleased':
      return `${imageOf(movement.style)}: refunded, generation failed`;
    case 'CreditsRefunded':
      return movement.style ? `Refund: ${imageOf(movement.style)}` : 'Refund';
    case 'CreditsExpired':
      return movement.bucket
        ? `Unused ${BUCKET_WORDS[movement.bucket]} credits expired`
        : 'Unused credits expired';
    case 'CreditsRevoked':
      return 'Credits taken back (payment refunded)';
    default:
      return 'Credits changed';
  }
}

export type UserCreditMovement = CreditMovement & {
  /** In words, for the user (see userMovementLabel). */
  label: string;
  /** Credits held for a generation that is still running. */
  inProgress: boolean;
  /** The bucket whose credits expired (expiries only; null when the lot is not known). */
  bucket: CreditBucket | null;
};

/**
 * The signed-in user's credit history as the product shows it (GraphQL `myCreditHistory`, and
 * any REST view of it): one row per generation with the running balance, released holds left
 * out. Staff read the full movements (`listCreditHistory`).
 */
export async function userCreditHistory(
  db: Pick<pg.Pool, 'query'>,
  userId: string,
  page: { first: number; before?: number | null },
): Promise<Omit<CreditHistoryPage, 'movements'> & { movements: UserCreditMovement[] }> {
  const result = await listUserCreditHistory(db, userId, page);
  // An expiry's reference is its lot (or, for held credits expiring on release, the generation).
  const expiredLots = result.movements
    .filter((movement) => movement.type === 'CreditsExpired' && movement.reference)
    .map((movement) => movement.reference!);
  const buckets = await bucketsOfLots(db, userId, expiredLots);
  return {
    ...result,
    movements: result.movements.map((movement) => {
      const bucket =
        movement.type === 'CreditsExpired' ? (buckets.get(movement.reference ?? '') ?? null) : null;
      return {
        ...movement,
        bucket,
        label: userMovementLabel({ ...movement, bucket }),
        inProgress: movement.type === 'CreditsReserved',
      };
    }),
  };
}
