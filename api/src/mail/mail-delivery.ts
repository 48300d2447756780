import { componentLogger } from '@app/ledger';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Sends mail after the request that caused it has answered: a slow or failing mail server never
 * delays an answer (nor shows in its timing: forgot-password must not reveal who has an account).
 * A failure is logged by kind and account id, never the address.
 */
const log = componentLogger('mail');

export class MailDelivery {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(readonly mailer: Mailer) {}

  sendLater(mail: OutgoingMail): void {
    const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mailer.send(mail))
      .catch((error: unknown) => {
        log.error(
          { kind: mail.kind, userId: mail.userId ?? null, err: error },
          'mail could not be sent',
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
