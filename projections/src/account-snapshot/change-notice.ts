import type { RecordedEvent } from '@app/ledger';
import type { ChangeNotice } from '../runtime/projection';

/** The channel on which the balance and plan read models name the users a live batch changed. */
export const ACCOUNT_SNAPSHOT_CHANNEL = 'account_snapshot_changes';

/** `credits-<userId>` and `subscription-<userId>`: the user is what follows the first dash. */
const userOfStream = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);

export const accountSnapshotNotice: ChangeNotice = {
  channel: ACCOUNT_SNAPSHOT_CHANNEL,
  keysOf: (events: readonly RecordedEvent[]) => events.map((event) => userOfStream(event.streamId)),
};
