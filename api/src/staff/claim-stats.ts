import type pg from 'pg';

export interface ClaimStat {
  style: string;
  reason: string;
  claims: number;
  /** Finished generations of this style in the same period, to read claims as a rate. */
  generations: number;
}

/**
 * Claims ("Doesn't look like me") by style and reason since `from`: a quality signal for each
 * style's prompt. Most claimed first.
 */
export async function claimStats(
  db: Pick<pg.Pool, 'query'>,
  from: Date,
  to: Date = new Date(),
): Promise<ClaimStat[]> {
  const { rows } = await db.query<{
    style: string;
    reason: string;
    claims: string;
    generations: string;
  }>(
    `SELECT c.style, c.reason, count(*) AS claims,
            (SELECT count(*) FROM generation_requests g
              WHERE g.style = c.style AND g.status = 'succeeded'
                AND g.completed_at >= $1 AND g.completed_at < $2) AS generations
       FROM generation_claims c
      WHERE c.claimed_at >= $1 AND c.claimed_at < $2
      GROUP BY c.style, c.reason
      ORDER BY count(*) DESC, c.style, c.reason`,
    [from, to],
  );
  return rows.map((row) => ({
    style: row.style,
    reason: row.reason,
    claims: Number(row.claims),
    generations: Number(row.generations),
  }));
}
