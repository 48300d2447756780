import { IconDownload, IconShield, IconWand } from '../../ui/icons/icons';
import { IconChibi } from '../../ui/icons/style-icons';

import type { CreatorContent } from './creator-content';
import { COMMON_CREATOR_FAQ, singlePhotoSteps } from './shared-creator-copy';

export const CHIBI_CONTENT: CreatorContent = {
  styleId: 'chibi',
  resultNoun: 'chibi character',
  actionLabel: 'Create Chibi Art',
  defaultPrompt: 'Turn this image into a cute chibi character',
  documentTitle: 'Chibi Creator: turn your photo into a cute chibi character',
  metaDescription:
    'Turn a photo into a cute chibi character: big head, tiny body, huge charm. Great for stickers, avatars and profile pictures. Download a PNG.',
  hero: {
    eyebrow: 'Chibi',
    title: 'The tiny, big-headed, very cute version of you',
    intro:
      'Chibi characters shrink you down to a big head, a little body and a lot of personality. Perfect for stickers, emotes, avatars and profile pictures.',
  },
  features: [
    {
      icon: IconChibi,
      title: 'Sticker-ready proportions',
      body: 'A big expressive head on a tiny body, with your hairstyle and outfit carried over.',
    },
    {
      icon: IconWand,
      title: 'Any outfit, any pose',
      body: 'Add a prompt such as “waving”, “holding a coffee” or “in a raincoat” to set the scene.',
    },
    {
      icon: IconDownload,
      title: 'Prints and crops cleanly',
      body: 'A 1024×1024 PNG that works for sticker sheets, keychains and round profile pictures.',
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
      title: 'Portrait → Chibi',
      description: 'A pocket-sized astronaut with a big smile.',
    },
    { photo: 'chelsea', title: 'Cat → Chibi', description: 'Round, fluffy and impossibly cute.' },
  ],
  steps: singlePhotoSteps('chibi'),
  audience: [
    { title: 'Small shops', body: 'Chibi mascots for packaging, stickers and thank-you notes.' },
    { title: 'Streamers', body: 'Cute emotes and avatars that fans recognise at a glance.' },
    {
      title: 'Couples and friends',
      body: 'Matching chibi profile pictures or a custom keychain gift.',
    },
    { title: 'Hobbyists', body: 'A starting point for your own sticker designs and doodles.' },
  ],
  testimonials: [
    {
      quote:
        'I sell handmade stickers and now offer custom chibi portraits. The results need a little cleanup for print, but they save me hours.',
      name: 'Mei Lin',
      role: 'Sticker shop owner',
    },
    {
      quote:
        'Made chibi versions of my partner and me for our anniversary keychains. Cheesy, and we love them.',
      name: 'Jordan Ellis',
      role: 'Gift giver',
    },
  ],
  faq: [
    {
      question: 'What makes a good chibi photo?',
      answer:
        'A clear, front-facing photo with the whole head visible. The outfit and hairstyle in your photo are what the chibi will wear.',
    },
    {
      question: 'Can I get a full body?',
      answer:
        'Yes. Chibi results show the whole small body; add a pose to your prompt if you want something specific.',
    },
    ...COMMON_CREATOR_FAQ,
  ],
};
