import { findMyGeneration, type GenerationView } from '../../generation/generation-views';
import type { ShareView } from '../../sharing/generation-sharing';
import { notFound } from '../../shared/errors';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { ActionResult } from './account-care';
import { GenerationRef } from './generation';

/** A generation as its owner sees it, with its open link (if any). */
type SharedGenerationView = GenerationView & { share?: ShareView | null };

const GenerationShareRef = builder.objectRef<ShareView>('GenerationShare').implement({
  description: 'A public link to a result: anyone with it sees the image, never who made it',
  fields: (t) => ({
    id: t.exposeID('shareId', { description: 'The random part of the link (144 bits)' }),
    path: t.exposeString('path', { description: '/s/<id> on this site' }),
    url: t.exposeString('url', { description: 'The link on the public address' }),
    includesOriginal: t.exposeBoolean('includesOriginal', {
      description: 'Whether the page also shows the original photo',
    }),
    sharedAt: t.field({ type: 'DateTime', resolve: (share) => share.sharedAt }),
  }),
});

builder.objectFields(GenerationRef, (t) => ({
  share: t.field({
    type: GenerationShareRef,
    nullable: true,
    description: 'The open public link, when the owner shares this result',
    resolve: async (generation: SharedGenerationView, _args, context) => {
      if (generation.share !== undefined) return generation.share;
      const shares = await context.services.sharing.sharesOf([generation.id]);
      return shares.get(generation.id) ?? null;
    },
  }),
}));

const ShareGenerationInput = builder.inputType('ShareGenerationInput', {
  fields: (t) => ({
    generationId: t.id({ required: true }),
    includeOriginal: t.boolean({ description: 'Show the original photo on the page too' }),
    originalPhoto: t.field({
      type: 'File',
      description:
        'The original photo, when included (uploads are deleted after processing, so the page that still has it sends it)',
    }),
  }),
});

async function ownGeneration(context: GraphQLContext, id: string): Promise<SharedGenerationView> {
  const generation = await findMyGeneration(
    context.services.pool,
    context.services.generations.repository,
    context.viewer!.user.id,
    id,
  );
  if (!generation) throw notFound('Generation not found');
  return generation;
}

builder.mutationFields((t) => ({
  shareGeneration: t.field({
    type: GenerationRef,
    authScopes: { signedIn: true },
    description:
      'Opens a public link to one of your finished results (or returns the one already open)',
    args: { input: t.arg({ type: ShareGenerationInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const id = String(input.generationId);
      const share = await context.services.sharing.share(
        context.viewer!.user.id,
        id,
        {
          includeOriginal: Boolean(input.includeOriginal),
          originalPhoto: input.originalPhoto
            ? Buffer.from(await input.originalPhoto.arrayBuffer())
            : null,
        },
        context.request,
      );
      return { ...(await ownGeneration(context, id)), share };
    },
  }),
  unshareGeneration: t.field({
    type: GenerationRef,
    authScopes: { signedIn: true },
    description: 'Stops sharing: the link answers 404 from now on, on every server',
    args: { generationId: t.arg.id({ required: true }) },
    resolve: async (_root, { generationId }, context) => {
      const id = String(generationId);
      await context.services.sharing.unshare(context.viewer!.user.id, id, context.request);
      return { ...(await ownGeneration(context, id)), share: null };
    },
  }),
  deleteGeneration: t.field({
    type: ActionResult,
    authScopes: { signedIn: true },
    description: 'Deletes one of your finished generations: its image, prompt and public link',
    args: { generationId: t.arg.id({ required: true }) },
    resolve: async (_root, { generationId }, context) => {
      await context.services.sharing.deleteGeneration(
        context.viewer!.user.id,
        String(generationId),
        context.request,
      );
      return { message: 'The image has been deleted.' };
    },
  }),
}));
