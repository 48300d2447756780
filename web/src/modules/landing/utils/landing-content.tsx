import { Link } from 'react-router';

import type { FeatureItem } from '../../marketing/components/FeatureGrid';
import type { StepItem } from '../../marketing/components/StepList';
import type { Testimonial } from '../../marketing/components/TestimonialGrid';
import type { FaqEntry } from '../../ui/components/FaqList';
import {
  IconBriefcase,
  IconClock,
  IconDownload,
  IconImage,
  IconShield,
  IconUserCheck,
} from '../../ui/icons/icons';

export const LANDING_FEATURES: readonly FeatureItem[] = [
  {
    icon: IconDownload,
    title: 'Print-ready 1024×1024 PNG',
    body: 'Every result downloads as a crisp, square PNG, ready for profile pictures, cards, stickers and posts.',
  },
  {
    icon: IconClock,
    title: 'Ready in 10–30 seconds',
    body: 'Upload, pick a style and watch your character appear while you wait, not the next day.',
  },
  {
    icon: IconUserCheck,
    title: 'Still recognisably you',
    body: 'Built on the FLUX.1 Kontext Pro model, which keeps faces, hair and outfits: 85–95% of people recognise the subject.',
  },
  {
    icon: IconShield,
    title: 'Photos deleted after processing',
    body: 'Your upload is used once, to make your image, and then deleted. We never train on it.',
  },
  {
    icon: IconBriefcase,
    title: 'Commercial use included',
    body: 'Put your art on merch, thumbnails, menus or shop signs. The images you create are yours to use.',
  },
  {
    icon: IconImage,
    title: 'Any everyday photo',
    body: 'JPG, PNG or WEBP up to 10MB. A clear, well-lit face or pet works best; no studio needed.',
  },
];

export const LANDING_STEPS: readonly StepItem[] = [
  {
    title: 'Upload a photo',
    body: 'A selfie, a team photo or your dog on the sofa. JPG, PNG or WEBP, up to 10MB.',
  },
  {
    title: 'Pick a style',
    body: 'Action figure, Ghibli, Pixar, Snoopy comic or chibi. Add a short prompt if you want to steer it.',
  },
  {
    title: 'Download your PNG',
    body: 'Compare before and after, then save your 1024×1024 image. Each generation uses 5 credits.',
  },
];

export const LANDING_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I made action figures of our whole team for a farewell card, each boxed with their own work gadgets. It got the biggest laugh of the week.',
    name: 'Maya Robinson',
    role: 'Office manager',
  },
  {
    quote:
      'Our cat as a Snoopy-style comic is now my phone wallpaper. The first try was close; a two-word prompt on the second got it right.',
    name: 'Tom Becker',
    role: 'Pet owner',
  },
  {
    quote:
      'I use the Ghibli portraits on the “meet the maker” page of my ceramics shop. Not every result is a keeper, but at 5 credits a try it is easy to run another.',
    name: 'Aisha Khan',
    role: 'Runs a small ceramics shop',
  },
];

export const LANDING_FAQ: readonly FaqEntry[] = [
  {
    question: 'How many free credits do I get?',
    answer:
      'Every new account starts with 5 free credits. That is enough for one generation in any style, so you can see your own result before you decide on a plan.',
  },
  {
    question: 'How many credits does one image cost?',
    answer:
      'Each generation costs 5 credits, whatever the style. Pro’s 300 monthly credits make 60 images; Ultra’s 1,500 make 300.',
  },
  {
    question: 'Which styles can I choose from?',
    answer: (
      <>
        There are 5 styles: <Link to="/action-figure">Action Figure</Link> (with packaging),{' '}
        <Link to="/ghibli">Ghibli</Link>, <Link to="/pixar">Pixar</Link>,{' '}
        <Link to="/snoopy">Snoopy comic</Link> and <Link to="/chibi">Chibi</Link>, plus an{' '}
        <Link to="/image-to-anime">Image to Anime</Link> converter. All of them use the FLUX.1
        Kontext Pro model.
      </>
    ),
  },
  {
    question: 'What happens to the photo I upload?',
    answer:
      'It is used to create your image and deleted after processing. Your results stay in your account until you delete them, and you can export or erase your personal data at any time.',
  },
  {
    question: 'Do unused credits roll over?',
    answer:
      'No. Plan credits reset every month and do not roll over. You can cancel anytime, and paid plans come with a 30-day money-back guarantee.',
  },
  {
    question: 'Can I use the images commercially?',
    answer:
      'Yes. You may use the images you create for personal and commercial projects, as long as you had the right to use the photo you uploaded.',
  },
];
