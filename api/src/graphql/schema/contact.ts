import { CONTACT_CATEGORIES } from '../../contact/contact-service';
import { builder } from '../builder';

export const ContactCategoryEnum = builder.enumType('ContactCategory', {
  values: Object.fromEntries(
    CONTACT_CATEGORIES.map((category) => [category.toUpperCase(), { value: category }]),
  ) as Record<
    'GENERAL' | 'TECHNICAL' | 'BILLING' | 'PRIVACY' | 'GDPR' | 'BUSINESS' | 'MEDIA' | 'ABUSE',
    { value: (typeof CONTACT_CATEGORIES)[number] }
  >,
});

const ContactMessageInput = builder.inputType('ContactMessageInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    subject: t.string(),
    category: t.field({ type: ContactCategoryEnum, required: true }),
    message: t.string({ required: true }),
    gdprConsent: t.boolean({ required: true }),
    marketingConsent: t.boolean(),
  }),
});

const ContactReceipt = builder.objectRef<{ id: string }>('ContactReceipt').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.mutationField('submitContactMessage', (t) =>
  t.field({
    type: ContactReceipt,
    description: 'Stores the message for the support inbox',
    args: { input: t.arg({ type: ContactMessageInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.contact.submit(input, context.request, context.viewer?.user.id ?? null),
  }),
);
