import { assertNever, type GenerationEvent } from '@app/ledger';

/** What one generation event does to the public links. */
export type ShareChange =
  | {
      kind: 'open';
      shareId: string;
      generationId: string;
      userId: string;
      includesOriginal: boolean;
      at: string;
    }
  | { kind: 'close'; shareId: string; at: string }
  /** The generation is gone: whatever link it still had closes with it. */
  | { kind: 'close-all'; generationId: string; at: string }
  | { kind: 'none' };

export function shareChangeOf(event: GenerationEvent): ShareChange {
  switch (event.type) {
    case 'GenerationShared':
      return {
        kind: 'open',
        shareId: event.data.shareId,
        generationId: event.data.generationId,
        userId: event.data.userId,
        includesOriginal: event.data.includesOriginal,
        at: event.data.sharedAt,
      };
    case 'GenerationUnshared':
      return { kind: 'close', shareId: event.data.shareId, at: event.data.unsharedAt };
    case 'GenerationDeleted':
      return { kind: 'close-all', generationId: event.data.generationId, at: event.data.deletedAt };
    case 'GenerationResultExpired':
      // The image is gone: no link can show it.
      return { kind: 'close-all', generationId: event.data.generationId, at: event.data.expiredAt };
    case 'GenerationRequested':
    case 'GenerationSubmitted':
    case 'GenerationSucceeded':
    case 'GenerationFailed':
      return { kind: 'none' };
    default:
      return assertNever(event);
  }
}
