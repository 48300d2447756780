import type { FaqEntry } from '../../ui/components/FaqList';

export const PRICING_FAQ: readonly FaqEntry[] = [
  {
    question: 'What is a credit?',
    answer:
      'Credits pay for generations. Every image costs 5 credits in any style, so 300 credits make 60 images and 1,500 make 300.',
  },
  {
    question: 'Do unused credits roll over?',
    answer:
      'No. Your plan’s credits reset at the start of each monthly billing period and unused credits do not carry over.',
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Cancel from your profile with Manage Subscription. You keep your plan and its credits until the end of the period you paid for.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer:
      'Yes. If a paid plan is not for you, contact us within 30 days of your first payment and we will refund it.',
  },
  {
    question: 'How do I pay?',
    answer:
      'By card, through our payment provider’s secure hosted checkout. We never see or store your full card number.',
  },
  {
    question: 'Will prices change?',
    answer:
      'If we ever change the price of your plan, we will tell you at least 30 days before it takes effect.',
  },
];
