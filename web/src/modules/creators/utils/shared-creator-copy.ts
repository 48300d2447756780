import type { FaqEntry } from '../../ui/components/FaqList';

/** Steps shared by the single-photo creators; the style name is filled in. */
export const singlePhotoSteps = (styleName: string) =>
  [
    {
      title: 'Upload your photo',
      body: 'Choose a clear photo of a face or a pet: JPG, PNG or WEBP, up to 10MB.',
    },
    {
      title: 'Add a prompt (optional)',
      body: `Leave it empty for the classic ${styleName} look, or add a few words such as “in a sunflower field”.`,
    },
    {
      title: 'Generate and download',
      body: 'Sign in, generate for 5 credits, compare before and after, and download your PNG.',
    },
  ] as const;

/** Answers every creator page repeats: cost, privacy, rights and format. */
export const COMMON_CREATOR_FAQ: readonly FaqEntry[] = [
  {
    question: 'How much does one image cost?',
    answer:
      'Each generation uses 5 credits. New accounts get 5 free credits, so your first image is free; after that, Pro gives 300 credits a month and Ultra 1,500.',
  },
  {
    question: 'Do I need an account?',
    answer:
      'You can look around and see examples without one. To generate an image you need to sign in, so we can keep your credits and results safe.',
  },
  {
    question: 'What happens to my photo?',
    answer:
      'Your photo is used only to create your image and is deleted after processing. We do not use it to train models.',
  },
  {
    question: 'Can I use the result commercially?',
    answer:
      'Yes. The images you create come with commercial use rights, provided you had the right to use the photo you uploaded.',
  },
  {
    question: 'What file do I get?',
    answer:
      'A 1024×1024 PNG, downloaded straight to your device with the style and a timestamp in the file name.',
  },
];
