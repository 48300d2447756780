import type { Mailer, OutgoingMail } from './mailer';

/**
 * Sends mail after the request that caused it has answered: a slow or failing mail server never
 * delays an answer (nor shows in its timing: forgot-password must not reveal who has an account).
 * A failure is logged by kind and account id, never the address.
 */
export class MailDelivery {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(readonly mailer: Mailer) {}

  sendLater(mail: OutgoingMail): void {
    const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mailer.send(mail))
      .catch((error: unknown) => {
        console.error(
          `mail ${mail.kind} for user ${mail.userId ?? '-'} could not be sent: ${(error as Error).message}`,
        );
      })
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Waits for every message handed over so far (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
