import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Mailer, OutgoingMail } from './mailer';

type Queryable = Pick<pg.Pool, 'query'>;

export interface OutboxEntry {
  id: string;
  userId: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Writes an outbox mail to stdout, whole: for the embedded default only (it holds addresses and links). */
export const printOutboxMail = (line: string) => void process.stdout.write(`${line}\n`);

/**
 * No SMTP server configured (the embedded default): mail is kept in the `outbox_mail` table, printed
 * to the server's log so `npm start` works end to end, and readable by admins in the staff console.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    private readonly db: Queryable,
    private readonly print?: (line: string) => void,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.db.query(
      `INSERT INTO outbox_mail (id, user_id, kind, to_address, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), mail.userId ?? null, mail.kind, mail.to, mail.subject, mail.text, mail.html],
    );
    this.print?.(
      `[outbox] mail to ${mail.to}: ${mail.subject}\n${mail.text
        .split('\n')
        .map((line) => `  | ${line}`)
        .join('\n')}`,
    );
  }

  async list(limit = 50, before?: Date): Promise<OutboxEntry[]> {
    const result = await this.db.query<{
      id: string;
      user_id: string | null;
      kind: string;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string;
      created_at: Date;
    }>(
      `SELECT * FROM outbox_mail WHERE ($2::timestamptz IS NULL OR created_at < $2)
       ORDER BY created_at DESC LIMIT $1`,
      [limit, before ?? null],
    );
    return result.rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at,
    }));
  }
}
