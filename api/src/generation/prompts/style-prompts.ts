import type { StyleId } from '../engine/image-provider';

export const MAX_PROMPT_LENGTH = 1000;

interface StyleTemplate {
  /** What the creator pages fill in when the user types nothing (the spec's defaults). */
  defaultPrompt: string;
  /** Appended on the server so every prompt keeps the likeness and the look of the style. */
  guidance: string;
}

export const STYLE_TEMPLATES: Record<StyleId, StyleTemplate> = {
  'action-figure': {
    defaultPrompt:
      'Turn this person into a collectible action figure inside its blister-pack packaging',
    guidance:
      'Keep the face, hair and clothing recognisable. Glossy plastic toy finish, the figure standing in a clear plastic bubble on a printed cardboard backing card with a hang tab, accessories in their own moulded slots.',
  },
  ghibli: {
    defaultPrompt: 'Turn this image into a Ghibli studio style',
    guidance:
      'Keep the person recognisable. Hand-painted Studio Ghibli look: soft watercolour backgrounds, warm natural light, gentle clean line work, pastel colours.',
  },
  pixar: {
    defaultPrompt: 'Turn this image into a Pixar style character',
    guidance:
      'Keep the person recognisable. Pixar-style 3D animated character: smooth stylised proportions, expressive eyes, soft global illumination, rich saturated colours.',
  },
  anime: {
    defaultPrompt: 'Transform this image to anime',
    guidance:
      'Keep the person recognisable. Modern anime illustration: cel shading, crisp ink outlines, vivid flat colours, detailed eyes.',
  },
  snoopy: {
    defaultPrompt: 'Turn this image into a Snoopy comic strip character',
    guidance:
      'Keep the person recognisable. Classic newspaper comic strip look: simple black ink lines, round heads, minimal flat colour on off-white paper.',
  },
  chibi: {
    defaultPrompt: 'Turn this image into a cute chibi character',
    guidance:
      'Keep the person recognisable. Chibi style: big head, small body, large sparkling eyes, soft pastel colours, sticker-like outline.',
  },
};

/** The prompt sent to the image service: the user's words (or the style's default) plus its guidance. */
export function buildGenerationPrompt(
  style: StyleId,
  userPrompt: string | null | undefined,
): { userPrompt: string; prompt: string } {
  const template = STYLE_TEMPLATES[style];
  const chosen = userPrompt?.trim() || template.defaultPrompt;
  return { userPrompt: chosen, prompt: `${chosen.replace(/[.\s]+$/, '')}. ${template.guidance}` };
}
