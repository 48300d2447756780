import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface ShareRecord {
  shareId: string;
  generationId: string;
  userId: string;
  includesOriginal: boolean;
  sharedAt: Date;
}

interface Row {
  share_id: string;
  generation_id: string;
  user_id: string;
  includes_original: boolean;
  shared_at: Date;
}

const toShareRecord = (row: Row): ShareRecord => ({
  shareId: row.share_id,
  generationId: row.generation_id,
  userId: row.user_id,
  includesOriginal: row.includes_original,
  sharedAt: row.shared_at,
});

/** The open link with this id, if any. */
export async function findOpenShare(db: Queryable, shareId: string): Promise<ShareRecord | null> {
  const result = await db.query<Row>(
    'SELECT * FROM generation_shares WHERE share_id = $1 AND revoked_at IS NULL',
    [shareId],
  );
  return result.rows[0] ? toShareRecord(result.rows[0]) : null;
}

/** The open links of these generations, by generation id. */
export async function openSharesOf(
  db: Queryable,
  generationIds: readonly string[],
): Promise<Map<string, ShareRecord>> {
  if (generationIds.length === 0) return new Map();
  const result = await db.query<Row>(
    'SELECT * FROM generation_shares WHERE generation_id = ANY($1::text[]) AND revoked_at IS NULL',
    [generationIds],
  );
  return new Map(result.rows.map((row) => [row.generation_id, toShareRecord(row)]));
}

/** Every link a user ever opened (open or not): what an account deletion cleans up after. */
export async function sharesOfUser(db: Queryable, userId: string): Promise<ShareRecord[]> {
  const result = await db.query<Row & { revoked_at: Date | null }>(
    'SELECT * FROM generation_shares WHERE user_id = $1',
    [userId],
  );
  return result.rows.map(toShareRecord);
}
