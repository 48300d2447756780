import { IconImage, IconShield, IconSparkles } from '../../ui/icons/icons';
import { IconLeaf } from '../../ui/icons/style-icons';

import type { CreatorContent } from './creator-content';
import { COMMON_CREATOR_FAQ, singlePhotoSteps } from './shared-creator-copy';

export const GHIBLI_CONTENT: CreatorContent = {
  styleId: 'ghibli',
  resultNoun: 'Ghibli scene',
  actionLabel: 'Generate Ghibli Art',
  documentTitle: 'Ghibli Style Creator: turn photos into hand-painted anime art',
  metaDescription:
    'Turn any photo into a soft, hand-painted Ghibli-style portrait: watercolour skies, warm light and gentle linework. Download a 1024×1024 PNG.',
  defaultPrompt: 'Turn this image into a Ghibli studio style',
  hero: {
    eyebrow: 'Ghibli Style',
    title: 'Turn your photo into a hand-painted Ghibli-style scene',
    intro:
      'Soft watercolour skies, warm afternoon light and gentle linework. Upload a portrait, a pet or a place and get a frame that looks lifted from a hand-drawn film.',
  },
  features: [
    {
      icon: IconLeaf,
      title: 'Painterly backgrounds',
      body: 'Clouds, grass and light are repainted with the layered watercolour feel of classic hand-drawn animation.',
    },
    {
      icon: IconSparkles,
      title: 'Faces that stay yours',
      body: 'Hair, expression and clothing carry over, simplified into clean, expressive linework.',
    },
    {
      icon: IconImage,
      title: 'Works on places too',
      body: 'Holiday snaps, your street or your garden become quiet, nostalgic scenes, perfect as wallpapers.',
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
      title: 'Portrait → Ghibli',
      description: 'Warm light and a painted sky behind the flight suit.',
    },
    {
      photo: 'chelsea',
      title: 'Cat → Ghibli',
      description: 'A tabby ready for a countryside adventure.',
    },
  ],
  steps: singlePhotoSteps('Ghibli'),
  audience: [
    {
      title: 'Gift givers',
      body: 'A painted portrait of a partner or grandparent makes a framed gift with a story.',
    },
    {
      title: 'Content creators',
      body: 'Consistent, gentle avatars and thumbnails that stand out in a busy feed.',
    },
    {
      title: 'Pet owners',
      body: 'Your dog or cat as the loyal companion in their own animated film.',
    },
    {
      title: 'Teachers',
      body: 'Illustrate class stories and reading corners with scenes of your own school.',
    },
  ],
  testimonials: [
    {
      quote:
        'I turned a photo from our wedding into a Ghibli scene and had it printed for our anniversary. The sky alone was worth it.',
      name: 'Lucía Fernández',
      role: 'Gift giver',
    },
    {
      quote:
        'It handles my hand-drawn channel avatar better than I expected. I re-ran it once with “golden hour” and kept that one.',
      name: 'Kenji Morton',
      role: 'Illustrator and streamer',
    },
  ],
  faq: [
    {
      question: 'Is this affiliated with Studio Ghibli?',
      answer:
        'No. “Ghibli style” describes a hand-painted look inspired by classic Japanese animation. We are not affiliated with or endorsed by Studio Ghibli.',
    },
    {
      question: 'Which photos work best?',
      answer:
        'Well-lit photos with a clear subject. Outdoor shots give the most striking skies; close portraits keep the most facial detail.',
    },
    ...COMMON_CREATOR_FAQ,
  ],
};
