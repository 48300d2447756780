import { z } from 'zod';

export const actorSchema = z.object({
  kind: z.enum(['user', 'staff', 'system', 'stripe']),
  id: z.string().min(1),
});
export type Actor = z.infer<typeof actorSchema>;

export const CURRENT_SCHEMA_VERSION = 1;

/** Carried by every event. No personal data: ids, reasons and references only. */
export const eventMetadataSchema = z.object({
  eventId: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
  actor: actorSchema,
  reason: z.string().min(1).max(500),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  idempotencyKey: z.string().min(1).max(300),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** What the caller of a command supplies; event ids and the schema version are filled in. */
export interface CommandMetadata {
  /** The command's clock. `decide` never reads the wall clock. */
  readonly now: Date;
  readonly actor: Actor;
  readonly reason: string;
  readonly correlationId: string;
  readonly causationId?: string | null;
  readonly idempotencyKey: string;
}
