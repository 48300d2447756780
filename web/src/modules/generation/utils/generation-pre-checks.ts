import { CREDITS_PER_GENERATION } from '../../credits/utils/credit-rules';

export const PRE_CHECK_MESSAGES = {
  signedIn: 'Please login to generate images',
  credits: 'Insufficient credits. You need at least 5 credits to generate an image.',
  image: 'Image is required',
  profileImage: 'Profile image is required',
} as const;

export type FailedPreCheck = { check: 'signed-in' | 'credits' | 'photo'; message: string };

/**
 * The generation pre-checks in the spec's order (§5): signed in, at least 5 credits, a photo.
 * The action figure page words the last one 'Profile image is required'.
 */
export const firstFailedPreCheck = ({
  signedIn,
  credits,
  hasPhoto,
  missingPhotoMessage = PRE_CHECK_MESSAGES.image,
}: {
  signedIn: boolean;
  credits: number;
  hasPhoto: boolean;
  missingPhotoMessage?: string;
}): FailedPreCheck | null => {
  if (!signedIn) return { check: 'signed-in', message: PRE_CHECK_MESSAGES.signedIn };
  if (credits < CREDITS_PER_GENERATION)
    return { check: 'credits', message: PRE_CHECK_MESSAGES.credits };
  if (!hasPhoto) return { check: 'photo', message: missingPhotoMessage };
  return null;
};
