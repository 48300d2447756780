import type pg from 'pg';

export type GenerationStatus = 'pending' | 'succeeded' | 'failed';

export interface GenerationRequest {
  id: string;
  userId: string;
  style: string;
  prompt: string;
  idempotencyKey: string | null;
  provider: string;
  status: GenerationStatus;
  predictionId: string | null;
  deadline: Date;
  uploadKey: string | null;
  resultKey: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** When the retention sweep deleted the image. */
  resultExpiredAt: Date | null;
  /** A hash of what was asked (requestFingerprint), or null for requests made before it was kept. */
  requestFingerprint: string | null;
}

interface Row {
  id: string;
  user_id: string;
  style: string;
  prompt: string;
  idempotency_key: string | null;
  provider: string;
  status: GenerationStatus;
  prediction_id: string | null;
  deadline: Date;
  upload_key: string | null;
  result_key: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
  result_expired_at: Date | null;
  request_fingerprint: string | null;
}

const toRequest = (row: Row): GenerationRequest => ({
  id: row.id,
  userId: row.user_id,
  style: row.style,
  prompt: row.prompt,
  idempotencyKey: row.idempotency_key,
  provider: row.provider,
  status: row.status,
  predictionId: row.prediction_id,
  deadline: row.deadline,
  uploadKey: row.upload_key,
  resultKey: row.result_key,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  createdAt: row.created_at,
  completedAt: row.completed_at,
  resultExpiredAt: row.result_expired_at,
  requestFingerprint: row.request_fingerprint,
});

type Queryable = Pick<pg.Pool, 'query'>;

export class GenerationRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts the request; returns null when this user already used the idempotency key. */
  async create(
    request: Pick<
      GenerationRequest,
      | 'id'
      | 'userId'
      | 'style'
      | 'prompt'
      | 'idempotencyKey'
      | 'provider'
      | 'deadline'
      | 'uploadKey'
    > &
      Partial<Pick<GenerationRequest, 'requestFingerprint'>>,
  ) {
    const result = await this.db.query<Row>(
      `INSERT INTO generation_requests (id, user_id, style, prompt, idempotency_key, provider, status, deadline, upload_key, request_fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        request.id,
        request.userId,
        request.style,
        request.prompt,
        request.idempotencyKey,
        request.provider,
        request.deadline,
        request.uploadKey,
        request.requestFingerprint ?? null,
      ],
    );
    return result.rows[0] ? toRequest(result.rows[0]) : null;
  }

  async find(id: string): Promise<GenerationRequest | null> {
    const result = await this.db.query<Row>('SELECT * FROM generation_requests WHERE id = $1', [
      id,
    ]);
    return result.rows[0] ? toRequest(result.rows[0]) : null;
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<GenerationRequest | null> {
    const result = await this.db.query<Row>(
      'SELECT * FROM generation_requests WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    return result.rows[0] ? toRequest(result.rows[0]) : null;
  }

  async findMany(ids: readonly string[]): Promise<Map<string, GenerationRequest>> {
    const result = await this.db.query<Row>(
      'SELECT * FROM generation_requests WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(result.rows.map((row) => [row.id, toRequest(row)]));
  }

  /**
   * A queued request reaches the image service: its deadline starts again with the budget it was
   * given, if it is still pending and within it. False past its deadline: recovery (on any
   * replica) may be settling it, so it must not be sent; recovery checks the deadline again just
   * before it settles a row (isStillOverdue), so one of the two always sees the other.
   */
  async restartDeadline(id: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE generation_requests SET deadline = now() + (deadline - created_at)
       WHERE id = $1 AND status = 'pending' AND deadline > now()`,
      [id],
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Still pending and past its deadline (not restarted by a replica sending it meanwhile). */
  async isStillOverdue(id: string, now: Date): Promise<boolean> {
    const result = await this.db.query(
      `SELECT 1 FROM generation_requests WHERE id = $1 AND status = 'pending' AND deadline <= $2`,
      [id, now],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async setPrediction(id: string, predictionId: string) {
    await this.db.query('UPDATE generation_requests SET prediction_id = $2 WHERE id = $1', [
      id,
      predictionId,
    ]);
  }

  /** Ends the request: succeeded with its result, or failed with why; the row as it now is. */
  async complete(
    id: string,
    outcome:
      | { status: 'succeeded'; resultKey: string }
      | { status: 'failed'; code: string; message: string },
  ): Promise<GenerationRequest | null> {
    const result = await this.db.query<Row>(
      `UPDATE generation_requests SET status = $2, error_code = $3, error_message = $4, upload_key = NULL,
         result_key = coalesce($5, result_key), completed_at = coalesce(completed_at, now())
       WHERE id = $1 RETURNING *`,
      [
        id,
        outcome.status,
        outcome.status === 'failed' ? outcome.code : null,
        outcome.status === 'failed' ? outcome.message : null,
        outcome.status === 'succeeded' ? outcome.resultKey : null,
      ],
    );
    return result.rows[0] ? toRequest(result.rows[0]) : null;
  }

  async delete(id: string) {
    await this.db.query('DELETE FROM generation_requests WHERE id = $1 AND status = $2', [
      id,
      'pending',
    ]);
  }

  /** Pending requests whose hold deadline has passed: the reconciler's work list. */
  async listOverdue(now: Date, limit = 100): Promise<GenerationRequest[]> {
    const result = await this.db.query<Row>(
      `SELECT * FROM generation_requests WHERE status = 'pending' AND deadline <= $1 ORDER BY deadline LIMIT $2`,
      [now, limit],
    );
    return result.rows.map(toRequest);
  }
}
