import type { ClaimReason } from '@app/ledger';
import { z } from 'zod';
import { CLAIM_WINDOW_MS, type GenerationClaim } from '../../credits/generation-claims';
import { badInput } from '../../shared/errors';
import { idempotencyKeyFrom } from '../../shared/idempotency';
import { claimStats, type ClaimStat } from '../../staff/claim-stats';
import { builder } from '../builder';
import { GenerationRef } from './generation';

const ClaimReasonEnum = builder.enumType('ClaimReason', {
  values: {
    DOES_NOT_LOOK_LIKE_ME: { value: 'does_not_look_like_me' },
    WRONG_STYLE: { value: 'wrong_style' },
    BROKEN_IMAGE: { value: 'broken_image' },
    OTHER: { value: 'other' },
  } as const,
});

const GenerationClaimRef = builder.objectRef<GenerationClaim>('GenerationClaim').implement({
  description: "An owner's claim of a result's credits (\"Doesn't look like me\")",
  fields: (t) => ({
    generationId: t.exposeID('generationId'),
    reason: t.field({ type: ClaimReasonEnum, resolve: (c) => c.reason }),
    credits: t.exposeInt('credits', { description: 'Credits given back' }),
    claimedAt: t.field({ type: 'DateTime', resolve: (c) => c.claimedAt }),
  }),
});

const ClaimInput = builder.inputType('ClaimGenerationCreditsInput', {
  fields: (t) => ({
    generationId: t.id({ required: true }),
    reason: t.field({ type: ClaimReasonEnum, required: true }),
    idempotencyKey: t.string({ description: 'A repeat with the same key claims once' }),
  }),
});

builder.objectFields(GenerationRef, (t) => ({
  claim: t.field({
    type: GenerationClaimRef,
    nullable: true,
    description: 'Set when the owner claimed this result’s credits back',
    resolve: async (generation, _args, context) => {
      if (!context.viewer) return null;
      const claims = await context.services.claims.claimsOf(context.viewer.user.id, [
        generation.id,
      ]);
      return claims.get(generation.id) ?? null;
    },
  }),
  claimableUntil: t.field({
    type: 'DateTime',
    nullable: true,
    description:
      'Until when the owner can ask for the credits back (24 hours after the result); null when that has passed or the generation did not succeed',
    resolve: (generation) => {
      if (generation.status !== 'succeeded' || !generation.completedAt) return null;
      const until = new Date(generation.completedAt.getTime() + CLAIM_WINDOW_MS);
      return until.getTime() > Date.now() ? until : null;
    },
  }),
}));

builder.mutationField('claimGenerationCredits', (t) =>
  t.field({
    type: GenerationClaimRef,
    authScopes: { signedIn: true },
    description:
      'Gives back the 5 credits of an unusable result, within 24 hours; at most 2 claims in 30 days and 1 in 5 generations',
    args: { input: t.arg({ type: ClaimInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.claims.claim(
        context.viewer!.user.id,
        { generationId: String(input.generationId), reason: input.reason },
        context.request,
        idempotencyKeyFrom(input.idempotencyKey),
      ),
  }),
);

const ClaimStatRef = builder.objectRef<ClaimStat>('GenerationClaimStat').implement({
  description: 'Claims of one style for one reason: a quality signal for the style prompts',
  fields: (t) => ({
    style: t.exposeString('style'),
    reason: t.field({ type: ClaimReasonEnum, resolve: (s) => s.reason as ClaimReason }),
    claims: t.exposeInt('claims'),
    generations: t.exposeInt('generations', {
      description: 'Finished generations of this style in the same period',
    }),
  }),
});

builder.queryField('staffGenerationClaims', (t) =>
  t.field({
    type: [ClaimStatRef],
    authScopes: { support: true, finance: true },
    description: 'Claims by style and reason in a period (default: the last 30 days)',
    args: { from: t.arg({ type: 'DateTime' }), to: t.arg({ type: 'DateTime' }) },
    validate: z.object({ from: z.date().nullish(), to: z.date().nullish() }),
    resolve: (_root, { from, to }, context) => {
      const end = to ?? new Date();
      const start = from ?? new Date(end.getTime() - 30 * 86_400_000);
      if (end <= start) throw badInput('The end must be after the start');
      return claimStats(context.services.pool, start, end);
    },
  }),
);
