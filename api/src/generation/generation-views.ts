import { getGeneration, listGenerations, type GenerationRecord } from '@app/projections';
import type pg from 'pg';
import { badInput } from '../shared/errors';
import type { GenerationRepository, GenerationRequest } from './generation-repository';
import { generationKeyOf } from './idempotency-key';
import { resultUrlFor } from './generation-settlement';

/** A generation as its owner sees it: the read model's timeline plus the prompt they typed. */
export interface GenerationView {
  id: string;
  style: string;
  prompt: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** Where a pending generation is: waiting for the image service, or being drawn by it. */
  stage: 'queued' | 'rendering' | 'done';
  resultUrl: string | null;
  errorMessage: string | null;
  requestedAt: Date;
  completedAt: Date | null;
  /** The image was deleted when its retention period ended; the record stays. */
  resultExpired: boolean;
}

export function viewFromRequest(request: GenerationRequest): GenerationView {
  return {
    id: request.id,
    style: request.style,
    prompt: request.prompt,
    status: request.status,
    stage: request.status !== 'pending' ? 'done' : request.predictionId ? 'rendering' : 'queued',
    resultUrl:
      request.status === 'succeeded' && !request.resultExpiredAt ? resultUrlFor(request.id) : null,
    errorMessage: request.errorMessage,
    requestedAt: request.createdAt,
    completedAt: request.completedAt,
    resultExpired: request.resultExpiredAt !== null,
  };
}

function viewFromRecord(
  record: GenerationRecord,
  request: GenerationRequest | undefined,
): GenerationView {
  const status =
    record.status === 'succeeded' || record.status === 'failed' ? record.status : 'pending';
  // A delivered generation whose result key the log took back (GenerationResultExpired).
  const resultExpired =
    (status === 'succeeded' && record.resultKey === null) || !!request?.resultExpiredAt;
  return {
    id: record.generationId,
    style: record.style ?? request?.style ?? 'unknown',
    prompt: request?.prompt ?? null,
    status,
    stage:
      status !== 'pending'
        ? 'done'
        : record.submittedAt || request?.predictionId
          ? 'rendering'
          : 'queued',
    resultUrl: status === 'succeeded' && !resultExpired ? resultUrlFor(record.generationId) : null,
    errorMessage: record.errorMessage,
    requestedAt: record.requestedAt ?? request?.createdAt ?? new Date(0),
    completedAt: record.completedAt,
    resultExpired,
  };
}

const encodeCursor = (view: GenerationView) =>
  Buffer.from(`${view.requestedAt.toISOString()}|${view.id}`).toString('base64url');
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const requestedAt = new Date(at ?? '');
  if (!id || Number.isNaN(requestedAt.getTime())) throw badInput('Invalid cursor');
  return { requestedAt, generationId: id };
}

/** A user's generations, newest first: their own history, or the one support looks at. */
export async function listGenerationsOf(
  db: Pick<pg.Pool, 'query'>,
  repository: GenerationRepository,
  userId: string,
  page: { first: number; after?: string | null },
) {
  const { generations, hasMore } = await listGenerations(db, userId, {
    first: page.first,
    before: page.after ? decodeCursor(page.after) : null,
  });
  const requests = await repository.findMany(generations.map((g) => g.generationId));
  const views = generations.map((record) =>
    viewFromRecord(record, requests.get(record.generationId)),
  );
  return {
    generations: views,
    nextCursor: hasMore && views.length ? encodeCursor(views[views.length - 1]!) : null,
  };
}

/** A generation's request, only for its owner: anyone else learns nothing, not even that it exists. */
export async function findOwnedRequest(
  repository: GenerationRepository,
  userId: string,
  id: string,
): Promise<GenerationRequest | null> {
  const request = await repository.find(id);
  return request && request.userId === userId ? request : null;
}

export async function findMyGeneration(
  db: Pick<pg.Pool, 'query'>,
  repository: GenerationRepository,
  userId: string,
  id: string,
): Promise<GenerationView | null> {
  const request = await findOwnedRequest(repository, userId, id);
  if (!request) return null;
  const record = await getGeneration(db, id);
  return record ? viewFromRecord(record, request) : viewFromRequest(request);
}

/** The generation a client started with this idempotency key: lets the page follow its progress. */
export async function findMyGenerationByKey(
  db: Pick<pg.Pool, 'query'>,
  repository: GenerationRepository,
  userId: string,
  key: string,
): Promise<GenerationView | null> {
  const stored = generationKeyOf(key);
  if (!stored) return null;
  const request = await repository.findByIdempotencyKey(userId, stored);
  return request ? findMyGeneration(db, repository, userId, request.id) : null;
}
