import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// generation_shares folded in Postgres (shareChangeOf in generation-shares.fold.ts, as SQL), for a
// rebuild from the start of the log. A link is the first GenerationShared of its share id (a later
// one with the same id changes nothing); it is revoked at the first event after it that closes it:
// its own GenerationUnshared, or the GenerationDeleted of the generation it was opened for.

const SCOPE = `SELECT type, data->>'shareId' AS share_id, data->>'generationId' AS generation_id,
    data->>'userId' AS user_id, (data->>'includesOriginal')::boolean AS includes_original,
    CASE type WHEN 'GenerationShared' THEN data->>'sharedAt'
      WHEN 'GenerationUnshared' THEN data->>'unsharedAt' ELSE data->>'deletedAt' END AS at,
    transaction_id AS tx, global_position AS gp
  FROM events WHERE ${BULK_EVENTS_WHERE}`;

export const generationSharesBulkFill = (table: TableNames) => [
  `WITH scope AS MATERIALIZED (${SCOPE}),
   opened AS (
     SELECT DISTINCT ON (share_id) * FROM scope WHERE type = 'GenerationShared'
     ORDER BY share_id, tx, gp
   ),
   closes AS (
     SELECT o.share_id, c.at, c.tx, c.gp
     FROM opened AS o JOIN scope AS c ON c.share_id = o.share_id AND (c.tx, c.gp) > (o.tx, o.gp)
     WHERE c.type = 'GenerationUnshared'
     UNION ALL
     SELECT o.share_id, c.at, c.tx, c.gp
     FROM opened AS o
     JOIN scope AS c ON c.generation_id = o.generation_id AND (c.tx, c.gp) > (o.tx, o.gp)
     WHERE c.type = 'GenerationDeleted'
   ),
   first_close AS (
     SELECT DISTINCT ON (share_id) share_id, at FROM closes ORDER BY share_id, tx, gp
   )
   INSERT INTO ${table('generation_shares')} (share_id, generation_id, user_id, includes_original,
     shared_at, revoked_at)
   SELECT o.share_id, o.generation_id, o.user_id, o.includes_original, o.at::timestamptz,
     f.at::timestamptz
   FROM opened AS o LEFT JOIN first_close AS f ON f.share_id = o.share_id
   ORDER BY o.share_id`,
];
