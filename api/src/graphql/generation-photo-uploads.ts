import type { IncomingMessage } from 'node:http';
import { Kind, parse, type DocumentNode } from 'graphql';
import type { Services } from '../composition/services';
import { DecodeWhileArriving } from '../generation/upload/decode-while-arriving';
import type { Viewer } from '../http/auth/authenticate';
import type { DecodeWhileArrivingFor } from './multipart-uploads';

/**
 * The photo of a `generateImage` request is decoded while it arrives, as over REST: once the
 * viewer's account check allows it, so a visitor who may not generate never makes the server
 * decode. `operations` only says whether starting early is worth it; the resolver still checks
 * everything itself, and any other upload is decoded (if at all) once it is in.
 */
export function decodeGenerationPhotosWhileArriving(
  services: Services,
  viewerOf: (req: IncomingMessage) => Promise<Viewer | null>,
): DecodeWhileArrivingFor {
  return (req, operations) => {
    if (!generatesAnImage(operations)) return undefined;
    const accountCheck = viewerOf(req).then((viewer) => {
      if (!viewer) throw new Error('signed out: nothing to decode early');
      return services.generations.checkAccount(viewer.user.id);
    });
    accountCheck.catch(() => undefined);
    return new DecodeWhileArriving(() => services.decodePool.decodeArriving(), accountCheck);
  };
}

/** Whether the request's operations (one, or a batch) include a mutation that selects `generateImage`. */
export function generatesAnImage(operations: string | undefined): boolean {
  if (!operations) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(operations);
  } catch {
    return false;
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).some((operation) => {
    const query = (operation as { query?: unknown } | null)?.query;
    if (typeof query !== 'string') return false;
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: 2_000 });
    } catch {
      return false;
    }
    return document.definitions.some(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION &&
        definition.operation === 'mutation' &&
        definition.selectionSet.selections.some(
          (selection) => selection.kind === Kind.FIELD && selection.name.value === 'generateImage',
        ),
    );
  });
}
