import { creditStreamId, generationStreamId, type CommandMetadata, type Ledger } from '@app/ledger';

/** Metadata of a benchmark's command: a system actor, the key given. */
export const benchMeta = (key: string): CommandMetadata => ({
  now: new Date(),
  actor: { kind: 'system', id: 'bench' },
  reason: 'benchmark',
  correlationId: 'bench',
  idempotencyKey: key,
});

/**
 * A generation up to the image service, as the API starts one: 5 credits held for it, then the
 * request recorded. Returns the request's append.
 */
export async function holdAndRequest(ledger: Ledger, userId: string, id: string, deadline: Date) {
  await ledger.credits.handle(
    creditStreamId(userId),
    {
      type: 'HoldCredits',
      data: { userId, reservationId: id, generationId: id, amount: 5, deadline, maxOpenHolds: 2 },
    },
    benchMeta(`hold:${id}`),
  );
  return ledger.generations.handle(
    generationStreamId(id),
    {
      type: 'RequestGeneration',
      data: {
        generationId: id,
        userId,
        style: 'ghibli',
        provider: 'local',
        reservationId: id,
        seed: 1,
      },
    },
    benchMeta(`requested:${id}`),
  );
}
