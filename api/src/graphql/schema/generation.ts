import { z } from 'zod';
import { parseInput } from '../../accounts/account-validation';
import { resultKeptUntil } from '../../generation/result-retention';
import {
  findMyGeneration,
  findMyGenerationByKey,
  listGenerationsOf,
  viewFromRequest,
  type GenerationView,
} from '../../generation/generation-views';
import {
  actionFigureConfigSchema,
  buildActionFigurePrompt,
} from '../../generation/prompts/action-figure-prompt';
import { unauthenticated } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import { builder } from '../builder';
import { uploadOf } from '../multipart-uploads';

export const StyleEnum = builder.enumType('Style', {
  values: {
    ACTION_FIGURE: { value: 'action-figure' },
    GHIBLI: { value: 'ghibli' },
    PIXAR: { value: 'pixar' },
    ANIME: { value: 'anime' },
    SNOOPY: { value: 'snoopy' },
    CHIBI: { value: 'chibi' },
  } as const,
});

const GenerationStageEnum = builder.enumType('GenerationStage', {
  values: {
    QUEUED: { value: 'queued' },
    RENDERING: { value: 'rendering' },
    DONE: { value: 'done' },
  } as const,
});

const GenerationStatusEnum = builder.enumType('GenerationStatus', {
  values: {
    PENDING: { value: 'pending' },
    SUCCEEDED: { value: 'succeeded' },
    FAILED: { value: 'failed' },
  } as const,
});

export const GenerationRef = builder.objectRef<GenerationView>('Generation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    style: t.string({ resolve: (g) => g.style }),
    prompt: t.exposeString('prompt', { nullable: true }),
    status: t.field({ type: GenerationStatusEnum, resolve: (g) => g.status }),
    stage: t.field({
      type: GenerationStageEnum,
      description: 'QUEUED: waiting for the image service; RENDERING: being drawn',
      resolve: (g) => g.stage,
    }),
    resultUrl: t.exposeString('resultUrl', {
      nullable: true,
      description: 'Served only to the owner',
    }),
    errorMessage: t.exposeString('errorMessage', { nullable: true }),
    requestedAt: t.field({ type: 'DateTime', resolve: (g) => g.requestedAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, resolve: (g) => g.completedAt }),
    resultExpired: t.exposeBoolean('resultExpired', {
      description: 'The image was deleted when its retention period ended',
    }),
    resultKeptUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the image will be deleted (RESULT_RETENTION_DAYS after delivery)',
      resolve: (g, _args, ctx) =>
        g.status === 'succeeded' && g.completedAt
          ? resultKeptUntil(g.completedAt, ctx.services.config.generation.resultRetentionMs)
          : null,
    }),
  }),
});

const GenerationPageRef = builder
  .objectRef<{ generations: GenerationView[]; nextCursor: string | null }>('GenerationPage')
  .implement({
    fields: (t) => ({
      generations: t.field({ type: [GenerationRef], resolve: (page) => page.generations }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
    }),
  });

const ActionFigureConfigInput = builder.inputType('ActionFigureConfigInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    profession: t.string({ required: true }),
    accessories: t.stringList({ required: false }),
    pose: t.string({ required: true }),
    style: t.string({ required: true }),
    packagingStyle: t.string(),
    sceneEnvironment: t.string(),
  }),
});

const GenerateImageInput = builder.inputType('GenerateImageInput', {
  fields: (t) => ({
    style: t.field({ type: StyleEnum, required: true }),
    prompt: t.string(),
    photo: t.field({ type: 'File', required: true }),
    idempotencyKey: t.string({ description: 'Retrying with the same key never costs twice' }),
    actionFigure: t.field({
      type: ActionFigureConfigInput,
      description: 'Printed on the action figure card',
    }),
  }),
});

builder.mutationFields((t) => ({
  generateImage: t.field({
    type: GenerationRef,
    description:
      'Holds 5 credits, generates the image and captures them; any failure releases them',
    args: { input: t.arg({ type: GenerateImageInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      if (!context.viewer) throw unauthenticated('Please login to generate images');
      const { generation } = await context.services.generations.generate({
        user: context.viewer.user,
        style: input.style,
        prompt: input.prompt ?? null,
        // The file the upload was written to: the decode process reads it by its path.
        photo: await uploadOf(input.photo),
        actionFigure: input.actionFigure ?? undefined,
        idempotencyKey: input.idempotencyKey ?? null,
        context: context.request,
      });
      return viewFromRequest(generation);
    },
  }),
  generatePrompt: t.string({
    description: "Turns the action figure page's configuration into a prompt",
    args: { config: t.arg({ type: ActionFigureConfigInput, required: true }) },
    resolve: (_root, { config }) =>
      buildActionFigurePrompt(parseInput(actionFigureConfigSchema, config)),
  }),
}));

interface ImageEngineView {
  preview: boolean;
}

const ImageEngineRef = builder.objectRef<ImageEngineView>('ImageEngine').implement({
  description: 'Which engine makes the images on this server',
  fields: (t) => ({
    preview: t.exposeBoolean('preview', {
      description:
        'True when the built-in offline preview engine serves (no image service configured): its pictures are previews of the style, not the production model’s',
    }),
  }),
});

builder.queryFields((t) => ({
  imageEngine: t.field({
    type: ImageEngineRef,
    description: 'Which engine makes the images on this server',
    resolve: (_root, _args, context) => ({
      preview: context.services.provider.name === 'local',
    }),
  }),
  myGenerations: t.field({
    type: GenerationPageRef,
    authScopes: { signedIn: true },
    description: "The signed-in user's generations, newest first",
    args: { first: t.arg.int({ defaultValue: 20 }), after: t.arg.string() },
    validate: z.object({
      first: z.number().int().min(1).max(50, { error: 'first must be at most 50' }).nullish(),
      after: z.string().max(200).nullish(),
    }),
    resolve: async (_root, args, context) => {
      const page = await listGenerationsOf(
        context.services.pool,
        context.services.generations.repository,
        context.viewer!.user.id,
        {
          first: args.first ?? 20,
          after: args.after ?? null,
        },
      );
      // Their open links in one read, not one per card.
      const shares = await context.services.sharing.sharesOf(page.generations.map((g) => g.id));
      return {
        ...page,
        generations: page.generations.map((g) => ({ ...g, share: shares.get(g.id) ?? null })),
      };
    },
  }),
  myGenerationByKey: t.field({
    type: GenerationRef,
    nullable: true,
    authScopes: { signedIn: true },
    description:
      'The generation started with this idempotency key, to follow it while generateImage runs',
    args: { idempotencyKey: t.arg.string({ required: true }) },
    resolve: (_root, { idempotencyKey }, context) =>
      findMyGenerationByKey(
        context.services.pool,
        context.services.generations.repository,
        context.viewer!.user.id,
        idempotencyKey,
      ),
  }),
  myGeneration: t.field({
    type: GenerationRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) =>
      isUuid(id)
        ? findMyGeneration(
            context.services.pool,
            context.services.generations.repository,
            context.viewer!.user.id,
            String(id),
          )
        : null,
  }),
}));
