import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// generation_history folded in Postgres: per generation, the last value each event type sets (the
// rules of applyEvent in generation-history.projection.ts), for a rebuild from the start of the log.

const last = (value: string, types: readonly string[]) =>
  `(array_agg(${value} ORDER BY tx DESC, gp DESC) FILTER (WHERE type IN (${types
    .map((t) => `'${t}'`)
    .join(', ')})))[1]`;

export const generationHistoryBulkFill = (table: TableNames) => [
  `INSERT INTO ${table('generation_history')} (generation_id, user_id, style, provider, status,
     prediction_id, result_key, error_code, error_message, requested_at, submitted_at, completed_at,
     deleted_at)
   SELECT generation_id,
     (array_agg(data->>'userId' ORDER BY tx, gp))[1],
     ${last(`data->>'style'`, ['GenerationRequested'])},
     ${last(`data->>'provider'`, ['GenerationRequested'])},
     coalesce(
       ${last(`CASE type WHEN 'GenerationSucceeded' THEN 'succeeded' ELSE 'failed' END`, ['GenerationSucceeded', 'GenerationFailed'])},
       CASE WHEN bool_or(type = 'GenerationRequested') THEN 'pending' ELSE 'unknown' END),
     ${last(`data->>'predictionId'`, ['GenerationSubmitted'])},
     ${last(`data->>'resultKey'`, ['GenerationSucceeded', 'GenerationResultExpired'])},
     ${last(`data->>'errorCode'`, ['GenerationFailed'])},
     ${last(`data->>'errorMessage'`, ['GenerationFailed'])},
     ${last(`data->>'requestedAt'`, ['GenerationRequested'])}::timestamptz,
     ${last(`data->>'submittedAt'`, ['GenerationSubmitted'])}::timestamptz,
     ${last(`data->>'completedAt'`, ['GenerationSucceeded', 'GenerationFailed'])}::timestamptz,
     ${last(`data->>'deletedAt'`, ['GenerationDeleted'])}::timestamptz
   FROM (SELECT data->>'generationId' AS generation_id, type, data, transaction_id AS tx,
           global_position AS gp
         FROM events WHERE ${BULK_EVENTS_WHERE}) AS e
   GROUP BY generation_id`,
];
