import { parseRecordedEvent, type RecordedEvent } from '@app/ledger';

interface EventSchema<Event> {
  parse(value: unknown): Event;
}

interface Parsed {
  readonly schema: object;
  readonly event: unknown;
}

// The parse travels with the recorded event, in a hidden slot: a rebuild hands the same batch to
// every projection it fills, so an event several read models read (a credit movement feeds four)
// is validated once, and the parse is garbage with its batch. (A WeakMap did the same, but its
// ephemerons made every young-generation collection of a replay slower than the parses it saved.)
const PARSED = Symbol('parsed');
type WithParsed = RecordedEvent & { [PARSED]?: Parsed };

/**
 * `recorded` parsed with `schema` (zod, as everywhere events are read), once per event and schema.
 * The result is shared between projections: folds read it and never change it.
 */
export function parseOnce<Event>(schema: EventSchema<Event>, recorded: RecordedEvent): Event {
  const slot = (recorded as WithParsed)[PARSED];
  if (slot?.schema === schema) return slot.event as Event;
  const event = parseRecordedEvent(schema, recorded);
  // Not enumerable: the recorded event still compares and serialises as it was read.
  Object.defineProperty(recorded, PARSED, {
    value: { schema, event } satisfies Parsed,
    writable: true,
    configurable: true,
  });
  return event;
}
