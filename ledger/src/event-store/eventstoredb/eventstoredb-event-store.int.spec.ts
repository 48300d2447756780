import { describe, it } from 'vitest';
import { eventStoreConformance } from '../event-store.conformance';
import { EventStoreDBEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // No plantLateCommit: EventStoreDB commits in log order, so there is no late commit to plant.
  eventStoreConformance('eventstoredb', async () => {
    const store = EventStoreDBEventStore.connect(connectionString);
    return { store, close: () => store.close() };
  });
} else {
  console.warn(
    'EventStoreDB conformance suite SKIPPED: set EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false) to run it',
  );
  describe.skip('event store conformance: eventstoredb', () => {
    it('needs EVENTSTORE_CONNECTION_STRING', () => undefined);
  });
}
