import { IconShield, IconSparkles, IconWand } from '../../ui/icons/icons';
import { IconAnime } from '../../ui/icons/style-icons';

import type { CreatorContent } from './creator-content';
import { COMMON_CREATOR_FAQ, singlePhotoSteps } from './shared-creator-copy';

export const ANIME_CONTENT: CreatorContent = {
  styleId: 'anime',
  resultNoun: 'anime portrait',
  actionLabel: 'Transform to Anime',
  documentTitle: 'Image to Anime: convert your photo into an anime portrait',
  metaDescription:
    'Convert any photo into a crisp anime portrait with cel shading and expressive eyes. Upload, generate and download a 1024×1024 PNG.',
  defaultPrompt: 'Transform this image to anime',
  hero: {
    eyebrow: 'Image to Anime',
    title: 'Convert any photo into an anime portrait',
    intro:
      'Clean cel shading, bright expressive eyes and bold hair highlights. Upload a photo, add a prompt if you like, and download your anime self in seconds.',
  },
  features: [
    {
      icon: IconAnime,
      title: 'Classic anime look',
      body: 'Crisp outlines, flat shadows and glossy eyes, the way hand-drawn series look on screen.',
    },
    {
      icon: IconWand,
      title: 'Steer it with a prompt',
      body: 'Add “school uniform”, “cherry blossoms” or “night city” to set the scene around you.',
    },
    {
      icon: IconSparkles,
      title: 'Profile-picture ready',
      body: 'A square 1024×1024 PNG that crops cleanly for every social network and chat app.',
    },
    {
      icon: IconShield,
      title: 'Private by default',
      body: 'Your upload is deleted after processing. Only you can see and download the result.',
    },
  ],
  examples: [
    {
      photo: 'astronaut',
      title: 'Portrait → Anime',
      description: 'Bold highlights and a determined look.',
    },
    {
      photo: 'chelsea',
      title: 'Cat → Anime',
      description: 'A tabby in flat cel tones with a bold outline.',
    },
  ],
  steps: singlePhotoSteps('anime'),
  audience: [
    {
      title: 'Gamers and streamers',
      body: 'A distinctive avatar for your profile, overlays and emotes.',
    },
    {
      title: 'Anime fans',
      body: 'See yourself as the main character of your favourite kind of series.',
    },
    { title: 'Designers', body: 'A quick character concept from a reference photo to build on.' },
    {
      title: 'Friends and couples',
      body: 'Matching anime profile pictures for a group chat or a shared account.',
    },
  ],
  testimonials: [
    {
      quote:
        'My stream avatar finally looks like me and not a generic character. I changed the background with a prompt and kept the rest.',
      name: 'Ravi Patel',
      role: 'Part-time streamer',
    },
    {
      quote:
        'We made matching anime pictures for our group chat. Quick, fun, and the remove button made it easy to try another photo.',
      name: 'Chloé Martin',
      role: 'Student',
    },
  ],
  faq: [
    {
      question: 'What if the generation fails?',
      answer:
        'You will see what went wrong right under the result. A failed generation does not use your credits, so you can simply try again.',
    },
    {
      question: 'Can I start over with another photo?',
      answer:
        'Yes. The remove button clears your photo, its preview and the result, so you can upload a new one.',
    },
    ...COMMON_CREATOR_FAQ,
  ],
};
