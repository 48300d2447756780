import { IconDownload, IconImage, IconShield } from '../../ui/icons/icons';
import { IconComic } from '../../ui/icons/style-icons';

import type { CreatorContent } from './creator-content';
import { COMMON_CREATOR_FAQ, singlePhotoSteps } from './shared-creator-copy';

export const SNOOPY_CONTENT: CreatorContent = {
  styleId: 'snoopy',
  resultNoun: 'comic-strip character',
  actionLabel: 'Create Snoopy Character',
  defaultPrompt: 'Turn this image into a Snoopy comic strip character',
  documentTitle: 'Snoopy Style Creator: turn photos into classic comic-strip characters',
  metaDescription:
    'Turn yourself or your pet into a character in the style of the classic Sunday comic strip: simple ink lines and flat colour. Download a PNG.',
  hero: {
    eyebrow: 'Snoopy Comic',
    title: 'Join the Sunday comic strip',
    intro:
      'Simple ink lines, round heads and flat, friendly colours, in the spirit of the classic newspaper strip. Especially delightful with dogs.',
  },
  features: [
    {
      icon: IconComic,
      title: 'Classic strip linework',
      body: 'Confident single-weight ink lines and minimal shading, just like the Sunday papers.',
    },
    {
      icon: IconImage,
      title: 'Made for pets',
      body: 'Dogs and cats become charming comic characters with their markings intact.',
    },
    {
      icon: IconDownload,
      title: 'Card and sticker ready',
      body: 'Clean flat colour prints well on birthday cards, mugs and sticker sheets.',
    },
    {
      icon: IconShield,
      title: 'Private by default',
      body: 'Your upload is deleted after processing. Only you can see and download the result.',
    },
  ],
  examples: [
    {
      photo: 'chelsea',
      title: 'Cat → Comic',
      description: 'A tabby in crisp ink, ready for the funny pages.',
    },
    {
      photo: 'astronaut',
      title: 'Portrait → Comic',
      description: 'Round, simple and instantly recognisable.',
    },
  ],
  steps: singlePhotoSteps('comic-strip'),
  audience: [
    {
      title: 'Pet owners',
      body: 'Your dog as a comic-strip star, for the fridge, a mug or a memorial card.',
    },
    { title: 'Gift givers', body: 'A personal birthday or retirement card that no shop sells.' },
    { title: 'Teachers', body: 'Friendly comic characters for classroom displays and worksheets.' },
    { title: 'Hobbyists', body: 'Start your own strip with characters based on people you know.' },
  ],
  testimonials: [
    {
      quote:
        'We lost our beagle last spring. Seeing him as a little comic character on my desk makes me smile every morning.',
      name: 'Grace Whitfield',
      role: 'Pet owner',
    },
    {
      quote:
        'I made comic versions of my colleagues for a retirement card. Simple, funny and everyone recognised themselves.',
      name: 'Peter Novak',
      role: 'Team lead',
    },
  ],
  faq: [
    {
      question: 'Is this affiliated with Peanuts?',
      answer:
        'No. “Snoopy style” describes a classic comic-strip look. We are not affiliated with or endorsed by Peanuts Worldwide or its licensors.',
    },
    {
      question: 'Does it work with people as well as pets?',
      answer:
        'Yes. People get the round-headed, simple style of the strip; pets keep their markings and colours.',
    },
    ...COMMON_CREATOR_FAQ,
  ],
};
