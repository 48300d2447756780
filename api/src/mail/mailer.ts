/** One message, in plain text and HTML. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** What the message is for (password-reset, email-verification, …), for the outbox and logs. */
  readonly kind: string;
  /** The account it concerns, so erasing the account erases its mail. */
  readonly userId?: string | null;
}

/** The mail port: SMTP in production, the outbox table on the embedded default. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}
