import { compose, hello, PRODUCT_NAME, type Mail } from '../mail/templates';

/** To the buyer once the payment went through: the code, and where the printable card is. */
export const giftPurchasedMail = (
  name: string | null,
  gift: { code: string; credits: number; cardUrl: string; recipientEmail: string | null },
): Mail =>
  compose({
    kind: 'gift-purchased',
    subject: `Your ${PRODUCT_NAME} gift code`,
    greeting: hello(name),
    paragraphs: [
      `Thank you for your gift of ${gift.credits} credits. The gift code is ${gift.code}.`,
      gift.recipientEmail
        ? `We have emailed the code to ${gift.recipientEmail} as well.`
        : 'Give the code to the person it is for, or print the gift card.',
    ],
    action: { label: 'Open the gift card', url: gift.cardUrl },
    after: ['Whoever redeems the code first gets the credits, so share it only with them.'],
  });

/** To the recipient the buyer named. */
export const giftReceivedMail = (gift: {
  code: string;
  credits: number;
  message: string | null;
  redeemUrl: string;
}): Mail =>
  compose({
    kind: 'gift-received',
    subject: `You have been given ${gift.credits} ${PRODUCT_NAME} credits`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone has given you ${gift.credits} credits to turn photos into character art with ${PRODUCT_NAME}.`,
      ...(gift.message ? [`Their message: “${gift.message}”`] : []),
      `Your gift code is ${gift.code}. Redeem it with the link below; you can create a free account on the way.`,
    ],
    action: { label: 'Redeem my gift', url: gift.redeemUrl },
  });
