import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { parseInput } from '../accounts/account-validation';
import { RateLimiter } from '../accounts/rate-limiter';
import type { RequestContext } from '../shared/request-context';

export const CONTACT_CATEGORIES = [
  'general',
  'technical',
  'billing',
  'privacy',
  'gdpr',
  'business',
  'media',
  'abuse',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const CONTACT_MESSAGE_MAX = 1000;

// The spec's rules and messages; the 1000-character maximum, only shown as a counter there, is enforced.
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: z
    .string()
    .trim()
    .max(200, { error: 'Subject must be at most 200 characters' })
    .nullish()
    .transform((v) => v || null),
  category: z.enum(CONTACT_CATEGORIES, { error: 'Please select a category' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .min(10, { error: 'Message must be at least 10 characters long' })
    .max(CONTACT_MESSAGE_MAX, {
      error: `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`,
    }),
  gdprConsent: z.literal(true, {
    error: 'You must consent to data processing to submit this form',
  }),
  marketingConsent: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export interface ContactMessage {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  subject: string | null;
  category: ContactCategory;
  message: string;
  marketingConsent: boolean;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
}

/** Stores contact messages for the support inbox (the old form only pretended to send). */
export class ContactService {
  private readonly limiter: RateLimiter;

  constructor(private readonly db: pg.Pool) {
    this.limiter = new RateLimiter(db);
  }

  async submit(
    input: unknown,
    context: RequestContext,
    userId: string | null,
  ): Promise<{ id: string }> {
    const data = parseInput(contactMessageSchema, input);
    await this.limiter.hit(`contact:ip:${context.ip}`, { limit: 10, windowSeconds: 3600 });
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO contact_messages (id, user_id, name, email, subject, category, message, gdpr_consent, marketing_consent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)`,
      [
        id,
        userId,
        data.name,
        data.email,
        data.subject,
        data.category,
        data.message,
        data.marketingConsent,
      ],
    );
    return { id };
  }
}
