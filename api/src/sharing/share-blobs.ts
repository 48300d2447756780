import { generationStreamId, type EventStore } from '@app/ledger';
import { shareBlobKeys } from './share-id';

/**
 * Every blob any link of this generation may have made (originals and previews), from the
 * generation's stream: what goes when the image or the generation does, however often that
 * cleanup is run again.
 */
export async function everyShareBlobKey(store: EventStore, generationId: string) {
  const keys: string[] = [];
  for (const event of await store.readStream(generationStreamId(generationId))) {
    const shareId = (event.data as { shareId?: unknown }).shareId;
    if (event.type === 'GenerationShared' && typeof shareId === 'string')
      keys.push(...shareBlobKeys(shareId));
  }
  return keys;
}
