import { randomUUID } from 'node:crypto';
import { componentLogger, creditStreamId, type Ledger } from '@app/ledger';
import type { BlobStore } from '../storage/blob-store';
import type { ImageProvider } from './engine/image-provider';
import type { GenerationRequest } from './generation-repository';
import type { GenerationService } from './generation-service';
import { resultKeyFor, type SettlementActor } from './generation-settlement';

const INTERRUPTED = 'The generation was interrupted. Your credits were not used. Please try again.';
/** A prediction still running this long after its deadline is given up on. */
const GIVE_UP_AFTER_MS = 30 * 60_000;

const log = componentLogger('generation');

/** A release finds the hold captured when the image was delivered meanwhile (by another replica). */
const settledBy = (delivered: GenerationRequest | null): 'delivered' | 'released' =>
  delivered ? 'delivered' : 'released';

export interface RecoveryReport {
  delivered: number;
  released: number;
  waiting: number;
  /** Could not be settled on this run (logged); tried again on the next. */
  failed: number;
}

/**
 * Settles holds a crash left open: for each pending generation past its deadline, asks the ledger
 * whether the hold is still open and the image service what became of the prediction, then
 * captures (saving the image) or releases. Never both: the ledger settles a hold once.
 */
export class GenerationRecovery {
  constructor(
    private readonly ledger: Ledger,
    private readonly generations: GenerationService,
    private readonly provider: ImageProvider,
    private readonly blobs: BlobStore,
  ) {}

  async run(now = new Date()): Promise<RecoveryReport> {
    const report: RecoveryReport = { delivered: 0, released: 0, waiting: 0, failed: 0 };
    const by: SettlementActor = {
      actor: { kind: 'system', id: 'generation-recovery' },
      correlationId: `recovery-${randomUUID()}`,
    };
    for (const request of await this.generations.repository.listOverdue(now)) {
      if (this.generations.inFlight.has(request.id)) continue;
      try {
        // Listed a moment ago: a replica may have sent it since (restarting its deadline).
        if (!(await this.generations.repository.isStillOverdue(request.id, now))) continue;
        report[await this.settle(request, now, by)]++;
      } catch (error) {
        // One row that cannot be settled now (the image service or the store failing for it)
        // must not stop the rows after it; it is tried again on the next run.
        log.error(
          { err: error, generationId: request.id },
          'recovery could not settle a generation',
        );
        report.failed++;
      }
    }
    await this.dropOrphanedUploads(now);
    return report;
  }

  private async settle(
    request: GenerationRequest,
    now: Date,
    by: SettlementActor,
  ): Promise<'delivered' | 'released' | 'waiting'> {
    const { state } = await this.ledger.credits.read(creditStreamId(request.userId));
    const settled = state.settledHolds[request.id]?.as;
    if (settled === 'captured') {
      await this.generations.settlement.recordDelivered(request, by);
      return 'delivered';
    }
    if (settled === 'released' || !state.holds[request.id]) {
      // Released already, or the process died before the hold was taken.
      await this.generations.settlement
        .release(request, 'INTERRUPTED', INTERRUPTED, by)
        .catch(() => undefined);
      await this.generations.repository.complete(request.id, {
        status: 'failed',
        code: 'INTERRUPTED',
        message: INTERRUPTED,
      });
      return 'released';
    }
    const stored = await this.blobs.get(resultKeyFor(request));
    if (stored) {
      return (await this.generations.settlement.deliver(request, stored.data, by))
        ? 'delivered'
        : 'released';
    }
    if (!request.predictionId)
      return settledBy(
        await this.generations.settlement.release(request, 'INTERRUPTED', INTERRUPTED, by),
      );
    const outcome = await this.provider.check(request.predictionId);
    switch (outcome.status) {
      case 'succeeded':
        return (await this.generations.settlement.deliver(request, outcome.png, by))
          ? 'delivered'
          : 'released';
      case 'processing':
        if (now.getTime() - request.deadline.getTime() < GIVE_UP_AFTER_MS) return 'waiting';
        return settledBy(
          await this.generations.settlement.release(request, 'PROVIDER_TIMEOUT', INTERRUPTED, by),
        );
      case 'failed':
        return settledBy(
          await this.generations.settlement.release(request, outcome.code, outcome.message, by),
        );
      case 'canceled':
        return settledBy(
          await this.generations.settlement.release(
            request,
            'PROVIDER_CANCELED',
            outcome.message,
            by,
          ),
        );
    }
  }

  /** Uploads older than an hour belong to no running generation: the photo promise says delete them. */
  private async dropOrphanedUploads(now: Date) {
    for (const upload of await this.blobs.list('uploads/')) {
      if (now.getTime() - upload.modifiedAt.getTime() > 3_600_000)
        await this.blobs.delete(upload.key);
    }
    // A crash mid-write (SIGKILL, power loss) leaves a temporary file no write will rename.
    await this.blobs.removeStaleTemporaryFiles(new Date(now.getTime() - 3_600_000));
  }
}
