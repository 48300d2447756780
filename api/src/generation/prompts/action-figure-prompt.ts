import { z } from 'zod';

// The action figure page's configuration (spec section 3) turned into a prompt. packagingStyle and
// sceneEnvironment exist in the config but the page does not expose them.

export const POSES = [
  'Natural (as in profile image)',
  'Crossed Arms',
  'Holding Object in Hand',
  'One Arm Raised',
  'Hands on Hips',
  'Kneeling with One Knee',
  'Victory Pose',
  'Typing Pose',
  'Writing on Clipboard',
  'Leaning Back with Smile',
  'Hands Behind Back',
] as const;

export const FIGURE_STYLES = [
  'Natural (as in profile image)',
  'Realistic',
  'Cartoon',
  'Anime',
  'Comic Book',
  'Minimalist',
  'Detailed Sculpture',
  'Vintage Toy',
  'Modern Collectible',
] as const;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const actionFigureConfigSchema = z.object({
  name: required('Name is required').pipe(
    z.string().max(60, { error: 'Name must be at most 60 characters' }),
  ),
  profession: required('Profession is required').pipe(
    z.string().max(80, { error: 'Profession must be at most 80 characters' }),
  ),
  accessories: z
    .array(z.string().trim().max(60, { error: 'Each accessory must be at most 60 characters' }))
    .max(12, { error: 'At most 12 accessories' })
    .default([])
    .transform((items) => [...new Set(items.filter((item) => item.length > 0))]),
  pose: required('Pose is required'),
  style: required('Style is required'),
  packagingStyle: z.string().trim().max(200).optional().default(''),
  sceneEnvironment: z.string().trim().max(200).optional().default(''),
});

export type ActionFigureConfig = z.infer<typeof actionFigureConfigSchema>;

/** "Victory Pose" → `stands in a "victory" pose`, "Hands on Hips" → `stands in a "hands on hips" pose`. */
const posePhrase = (pose: string) =>
  pose.startsWith('Natural')
    ? 'keeps the pose from the photo'
    : `stands in a "${pose.replace(/\s+pose\s*$/i, '').toLowerCase()}" pose`;
const stylePhrase = (style: string) =>
  style.startsWith('Natural') ? 'true to the photo' : `in a ${style.toLowerCase()} style`;

export function buildActionFigurePrompt(config: ActionFigureConfig): string {
  const accessories = config.accessories.length
    ? ` Accessories in their own slots beside the figure: ${config.accessories.join(', ')}.`
    : '';
  const packaging = config.packagingStyle ? ` Packaging: ${config.packagingStyle}.` : '';
  const scene = config.sceneEnvironment ? ` Scene: ${config.sceneEnvironment}.` : '';
  return (
    `Create a collectible action figure of ${config.name}, ${config.profession}, ${stylePhrase(config.style)}, ` +
    `sealed in a blister pack on a printed backing card. The figure ${posePhrase(config.pose)}.` +
    `${accessories} The card shows the name "${config.name}" in bold letters with "${config.profession}" underneath.` +
    `${packaging}${scene}`
  );
}
