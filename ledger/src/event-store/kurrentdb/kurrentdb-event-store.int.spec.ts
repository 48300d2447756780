import { describe, it } from 'vitest';
import { eventStoreConformance } from '../event-store.conformance';
import { KurrentDBEventStore } from './kurrentdb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // No plantLateCommit: KurrentDB commits in log order, so there is no late commit to plant.
  eventStoreConformance('kurrentdb', async () => {
    const store = KurrentDBEventStore.connect(connectionString);
    return { store, close: () => store.close() };
  });
} else {
  console.warn(
    'KurrentDB conformance suite SKIPPED: set EVENTSTORE_CONNECTION_STRING (e.g. kurrentdb://localhost:2113?tls=false or esdb://…) to run it against a server',
  );
  describe.skip('event store conformance: kurrentdb (SKIPPED: EVENTSTORE_CONNECTION_STRING is not set)', () => {
    it('needs EVENTSTORE_CONNECTION_STRING', () => undefined);
  });
}
