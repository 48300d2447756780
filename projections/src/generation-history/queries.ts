import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface GenerationRecord {
  generationId: string;
  userId: string;
  style: string | null;
  provider: string | null;
  status: 'unknown' | 'pending' | 'succeeded' | 'failed';
  predictionId: string | null;
  resultKey: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  requestedAt: Date | null;
  submittedAt: Date | null;
  completedAt: Date | null;
  deletedAt: Date | null;
}

interface Row {
  generation_id: string;
  user_id: string;
  style: string | null;
  provider: string | null;
  status: GenerationRecord['status'];
  prediction_id: string | null;
  result_key: string | null;
  error_code: string | null;
  error_message: string | null;
  requested_at: Date | null;
  submitted_at: Date | null;
  completed_at: Date | null;
  deleted_at: Date | null;
}

export const toGenerationRecord = (row: Row): GenerationRecord => ({
  generationId: row.generation_id,
  userId: row.user_id,
  style: row.style,
  provider: row.provider,
  status: row.status,
  predictionId: row.prediction_id,
  resultKey: row.result_key,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  requestedAt: row.requested_at,
  submittedAt: row.submitted_at,
  completedAt: row.completed_at,
  deletedAt: row.deleted_at,
});

export async function getGeneration(
  db: Queryable,
  generationId: string,
): Promise<GenerationRecord | null> {
  const result = await db.query<Row>('SELECT * FROM generation_history WHERE generation_id = $1', [
    generationId,
  ]);
  return result.rows[0] ? toGenerationRecord(result.rows[0]) : null;
}

/** A user's generations (not the deleted ones), newest first, keyset-paginated on (requested_at, generation_id). */
export async function listGenerations(
  db: Queryable,
  userId: string,
  page: { first: number; before?: { requestedAt: Date; generationId: string } | null },
): Promise<{ generations: GenerationRecord[]; hasMore: boolean }> {
  const params: unknown[] = [userId, page.first + 1];
  let cursor = '';
  if (page.before) {
    params.push(page.before.requestedAt, page.before.generationId);
    cursor = 'AND (requested_at, generation_id) < ($3, $4)';
  }
  const result = await db.query<Row>(
    `SELECT * FROM generation_history WHERE user_id = $1 AND deleted_at IS NULL ${cursor}
     ORDER BY requested_at DESC, generation_id DESC LIMIT $2`,
    params,
  );
  return {
    generations: result.rows.slice(0, page.first).map(toGenerationRecord),
    hasMore: result.rows.length > page.first,
  };
}
