import type pg from 'pg';
import type { ContactCategory, ContactMessage } from '../contact/contact-service';
import { badInput, notFound } from '../shared/errors';

interface Row {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string | null;
  category: ContactCategory;
  message: string;
  marketing_consent: boolean;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const toMessage = (row: Row): ContactMessage => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  category: row.category,
  message: row.message,
  marketingConsent: row.marketing_consent,
  createdAt: row.created_at,
  handledAt: row.handled_at,
  handledBy: row.handled_by,
});

/** The contact form's messages for support: newest first, by category, marked handled. */
export class ContactInbox {
  constructor(private readonly db: pg.Pool) {}

  async list(
    filter: { category?: ContactCategory | null; handled?: boolean | null },
    page: { first: number; after?: string | null },
  ) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.category) where.push(`category = $${params.push(filter.category)}`);
    if (filter.handled === true) where.push('handled_at IS NOT NULL');
    if (filter.handled === false) where.push('handled_at IS NULL');
    if (page.after) {
      const [at, id] = Buffer.from(page.after, 'base64url').toString().split('|');
      if (!at || !id) throw badInput('Invalid cursor');
      where.push(`(created_at, id) < ($${params.push(new Date(at))}, $${params.push(id)})`);
    }
    const limit = params.push(page.first + 1);
    const result = await this.db.query<Row>(
      `SELECT * FROM contact_messages ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT $${limit}`,
      params,
    );
    const messages = result.rows.slice(0, page.first).map(toMessage);
    const last = messages[messages.length - 1];
    return {
      messages,
      nextCursor:
        result.rows.length > page.first && last
          ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url')
          : null,
    };
  }

  async markHandled(id: string, staffId: string, handled: boolean): Promise<ContactMessage> {
    const result = await this.db.query<Row>(
      `UPDATE contact_messages SET handled_at = CASE WHEN $2 THEN coalesce(handled_at, now()) ELSE NULL END,
         handled_by = CASE WHEN $2 THEN $3::uuid ELSE NULL END
       WHERE id = $1 RETURNING *`,
      [id, handled, staffId],
    );
    if (!result.rows[0]) throw notFound('No such message');
    return toMessage(result.rows[0]);
  }
}
