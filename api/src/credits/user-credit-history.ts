import {
  listUserCreditHistory,
  type CreditHistoryPage,
  type CreditMovement,
} from '@app/projections';
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

/** The system's own grant reasons (account-service, free-allowance). */
const SIGNUP_REASON = 'Signup bonus';
const ALLOWANCE_REASON = /^Free plan allowance\b/;

/**
 * What a movement means to the person whose credits they are, in words: "Ghibli image",
 * "Pro Plan credits", "Welcome credits". Never the ledger's type names or internal reasons.
 */
export function userMovementLabel(
  movement: Pick<CreditMovement, 'type' | 'reason' | 'planId' | 'actorKind' | 'style'>,
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
      return 'Unused credits expired';
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
  return {
    ...result,
    movements: result.movements.map((movement) => ({
      ...movement,
      label: userMovementLabel(movement),
      inProgress: movement.type === 'CreditsReserved',
    })),
  };
}
