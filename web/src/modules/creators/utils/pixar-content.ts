import { IconImage, IconShield, IconUserCheck } from '../../ui/icons/icons';
import { IconLamp } from '../../ui/icons/style-icons';

import type { CreatorContent } from './creator-content';
import { COMMON_CREATOR_FAQ, singlePhotoSteps } from './shared-creator-copy';

export const PIXAR_CONTENT: CreatorContent = {
  styleId: 'pixar',
  resultNoun: 'Pixar character',
  actionLabel: 'Generate Pixar Character',
  documentTitle: 'Pixar Style Creator: turn photos into 3D animated characters',
  metaDescription:
    'Turn a photo of yourself or your pet into a Pixar-style 3D character with big expressive eyes and cinematic lighting. Download a 1024×1024 PNG.',
  defaultPrompt: 'Turn this image into a Pixar style character',
  hero: {
    eyebrow: 'Pixar Style',
    title: 'Become the star of your own animated feature',
    intro:
      'Rounded features, big expressive eyes and soft cinematic light. Upload a selfie, a family photo or your pet and get a 3D character that still looks like them.',
  },
  features: [
    {
      icon: IconLamp,
      title: 'Cinematic lighting',
      body: 'Soft key light, gentle rim light and subtle depth of field give every character a film-still finish.',
    },
    {
      icon: IconUserCheck,
      title: 'Likeness first',
      body: 'Face shape, hairstyle and outfit are kept, then exaggerated just enough to feel animated.',
    },
    {
      icon: IconImage,
      title: 'Great with pets',
      body: 'Fur, whiskers and that one floppy ear come out soft and detailed, not plastic.',
    },
    {
      icon: IconShield,
      title: 'Yours to keep',
      body: 'Photos are deleted after processing, and your characters come with commercial use rights.',
    },
  ],
  examples: [
    {
      photo: 'chelsea',
      title: 'Cat → Pixar',
      description: 'Soft shading in front of a backdrop thrown out of focus.',
    },
    {
      photo: 'astronaut',
      title: 'Portrait → Pixar',
      description: 'A mission-ready hero with a friendly grin.',
    },
  ],
  steps: singlePhotoSteps('Pixar'),
  audience: [
    {
      title: 'Families',
      body: 'Turn the whole family into characters for a holiday card everyone will keep.',
    },
    {
      title: 'Pet owners',
      body: 'Give your pet the lead role, with the personality you see every day.',
    },
    {
      title: 'Content creators',
      body: 'A friendly 3D avatar for channels, podcasts and profile pictures.',
    },
    { title: 'Small shops', body: 'Put your team or mascot on menus, signs and social posts.' },
  ],
  testimonials: [
    {
      quote:
        'Our dog as a 3D character is now the logo on our café’s loyalty cards. Customers ask about him more than the coffee.',
      name: 'Sam Okafor',
      role: 'Café owner',
    },
    {
      quote:
        'I made one for each of my nieces and nephews for their birthdays. A couple needed a second try to get the hair right.',
      name: 'Hannah Lindqvist',
      role: 'Aunt of five',
    },
  ],
  faq: [
    {
      question: 'Is this an official Pixar product?',
      answer:
        'No. “Pixar style” describes a 3D animated look. We are not affiliated with or endorsed by Pixar or Disney.',
    },
    {
      question: 'Can I include more than one person?',
      answer:
        'Yes. Group photos work when every face is clearly visible; for the best likeness, keep it to two or three people.',
    },
    ...COMMON_CREATOR_FAQ,
  ],
};
