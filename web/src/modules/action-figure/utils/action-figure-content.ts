import type { StepItem } from '../../marketing/components/StepList';
import type { FeatureItem } from '../../marketing/components/FeatureGrid';
import type { FaqEntry } from '../../ui/components/FaqList';
import { IconBriefcase, IconDownload, IconShield, IconWand } from '../../ui/icons/icons';
import { IconActionFigure } from '../../ui/icons/style-icons';
import { COMMON_CREATOR_FAQ } from '../../creators/utils/shared-creator-copy';

export const ACTION_FIGURE_FEATURES: readonly FeatureItem[] = [
  {
    icon: IconActionFigure,
    title: 'Boxed like the real thing',
    body: 'Your figure comes sealed in a blister pack with your name on the card and accessories in their own slots.',
  },
  {
    icon: IconBriefcase,
    title: '20 professions to start from',
    body: 'Pick a profession and get 5–7 suggested accessories, or type your own job and add exactly what you carry.',
  },
  {
    icon: IconWand,
    title: 'A prompt written for you',
    body: 'We turn your name, profession, accessories, pose and style into a detailed prompt that you can still edit.',
  },
  {
    icon: IconDownload,
    title: 'Ready to share',
    body: 'Download a 1024×1024 PNG for LinkedIn banners, farewell cards, team pages and gifts.',
  },
  {
    icon: IconShield,
    title: 'Your photo stays private',
    body: 'Your profile image is used once to make the figure and deleted after processing.',
  },
];

export const ACTION_FIGURE_STEPS: readonly StepItem[] = [
  {
    title: 'Describe your figure',
    body: 'Enter a name, choose a profession and accessories, then a pose and a style.',
  },
  {
    title: 'Generate the prompt',
    body: 'We write a detailed prompt from your choices. Tweak it or type your own.',
  },
  {
    title: 'Upload a profile image',
    body: 'A clear photo of your face and upper body works best: JPG, PNG or WEBP up to 10MB.',
  },
  {
    title: 'Create and download',
    body: 'Create your figure for 5 credits, compare before and after, then download the PNG.',
  },
];

export const ACTION_FIGURE_FAQ: readonly FaqEntry[] = [
  {
    question: 'How long does an action figure take?',
    answer:
      'Usually 10 to 30 seconds, like every other style: the packaging, text and accessories are painted in the same pass as the figure.',
  },
  {
    question: 'Can I choose my own accessories?',
    answer:
      'Yes. Pick from the suggestions for your profession or add your own. Choosing a different profession clears the accessories so the box stays consistent.',
  },
  {
    question: 'Why is the Create button disabled?',
    answer:
      'Create needs a prompt. Generate one from your configuration, or type your own, and the button becomes available.',
  },
  {
    question: 'What should my name say?',
    answer:
      'Whatever you want on the card: your first name, a nickname or a team title such as “Head of Snacks”.',
  },
  ...COMMON_CREATOR_FAQ,
];
