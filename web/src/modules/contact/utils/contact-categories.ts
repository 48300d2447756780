/** Contact categories (spec §3) and the GraphQL enum values they map to. */
export type ContactCategory =
  'general' | 'technical' | 'billing' | 'privacy' | 'gdpr' | 'business' | 'media' | 'abuse';

export type ContactCategoryEnum = Uppercase<ContactCategory>;

export const CONTACT_CATEGORIES: readonly { value: ContactCategory; label: string }[] = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'privacy', label: 'Privacy & Data Protection' },
  { value: 'gdpr', label: 'GDPR Data Request' },
  { value: 'business', label: 'Business Partnership' },
  { value: 'media', label: 'Press & Media' },
  { value: 'abuse', label: 'Report Abuse' },
];

export const isContactCategory = (value: string): value is ContactCategory =>
  CONTACT_CATEGORIES.some((category) => category.value === value);

export const toContactCategoryEnum = (category: ContactCategory): ContactCategoryEnum =>
  category.toUpperCase() as ContactCategoryEnum;

/** Stated response times (spec §9). */
export const RESPONSE_TIMES: readonly { label: string; time: string }[] = [
  { label: 'General inquiries', time: '24 hours' },
  { label: 'Technical support', time: '12 hours' },
  { label: 'Business partnerships', time: '48 hours' },
  { label: 'GDPR data requests', time: '30 days' },
];
