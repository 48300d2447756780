import { parseRecordedEvent, type RecordedEvent } from '@app/ledger';

interface EventSchema<Event> {
  parse(value: unknown): Event;
}

// Keyed by the recorded event object: a rebuild hands the same batch to every projection it fills,
// so an event several read models read (a credit movement feeds four) is validated once. Entries
// go with the batch when it is garbage.
const parsedBySchema = new WeakMap<object, WeakMap<RecordedEvent, unknown>>();

/**
 * `recorded` parsed with `schema` (zod, as everywhere events are read), once per event and schema.
 * The result is shared between projections: folds read it and never change it.
 */
export function parseOnce<Event>(schema: EventSchema<Event>, recorded: RecordedEvent): Event {
  let parsed = parsedBySchema.get(schema);
  if (!parsed) parsedBySchema.set(schema, (parsed = new WeakMap()));
  if (parsed.has(recorded)) return parsed.get(recorded) as Event;
  const event = parseRecordedEvent(schema, recorded);
  parsed.set(recorded, event);
  return event;
}
