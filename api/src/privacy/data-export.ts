import { randomUUID } from 'node:crypto';
import { componentLogger } from '@app/ledger';
import { getAccountSnapshot, listCreditHistory, type CreditMovement } from '@app/projections';
import { zipSync, type Zippable } from 'fflate';
import type pg from 'pg';
import type { MailDelivery } from '../mail/mail-delivery';
import { dataExportReadyMail } from '../mail/templates';
import { AppError, notFound } from '../shared/errors';
import type { BlobStore } from '../storage/blob-store';
import { claimsOf, EXPORT_README, shareLinksOf, type GiftExportSource } from './export-records';

const log = componentLogger('data-export');

export type DataExportStatus = 'pending' | 'running' | 'ready' | 'failed';

export interface DataExport {
  id: string;
  userId: string;
  status: DataExportStatus;
  sizeBytes: number | null;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  blobKey: string | null;
  error: string | null;
}

interface Row {
  id: string;
  user_id: string;
  status: DataExportStatus;
  blob_key: string | null;
  size_bytes: string | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  error: string | null;
}

const toExport = (row: Row): DataExport => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  createdAt: row.created_at,
  readyAt: row.ready_at,
  expiresAt: row.expires_at,
  blobKey: row.blob_key,
  error: row.error,
});

export const downloadPathFor = (exportId: string) => `/api/account/exports/${exportId}/download`;
/** Where an export's archive is written (known before it is, so an erasure finds it mid-build). */
export const exportBlobKey = (exportId: string) => `exports/${exportId}.zip`;

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * "Download my data": a ZIP built in the background (any account size; the request answers at
 * once), kept as a blob until it expires, downloadable only by its owner.
 */
export class DataExportService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly blobs: BlobStore,
    private readonly mail: MailDelivery,
    private readonly publicUrl: string,
    private readonly ttlMs: number,
    private readonly gifts: GiftExportSource | null = null,
  ) {}

  /** Starts an export, or returns the one already in the making (one per user, atomically). */
  async request(userId: string): Promise<DataExport> {
    const inserted = await this.pool.query<Row>(
      `INSERT INTO data_exports (id, user_id, status) VALUES ($1, $2, 'pending')
       ON CONFLICT (user_id) WHERE status IN ('pending', 'running') DO NOTHING RETURNING *`,
      [randomUUID(), userId],
    );
    const created = inserted.rows[0];
    if (created) {
      this.processLater(created.id);
      return toExport(created);
    }
    const open = await this.pool.query<Row>(
      `SELECT * FROM data_exports WHERE user_id = $1 AND status IN ('pending', 'running')`,
      [userId],
    );
    return toExport(open.rows[0]!);
  }

  async list(userId: string, limit = 5): Promise<DataExport[]> {
    const result = await this.pool.query<Row>(
      `SELECT * FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    );
    return result.rows.map(toExport);
  }

  /** The archive for its owner, while it has not expired. */
  async download(userId: string, exportId: string): Promise<Buffer> {
    const result = await this.pool.query<Row>(
      'SELECT * FROM data_exports WHERE id = $1 AND user_id = $2',
      [exportId, userId],
    );
    const found = result.rows[0];
    if (!found) throw notFound('This download does not exist');
    if (found.status !== 'ready' || !found.blob_key)
      throw new AppError('EXPORT_NOT_READY', 'Your data is still being prepared', 409);
    if (!found.expires_at || found.expires_at.getTime() <= Date.now())
      throw new AppError(
        'EXPORT_EXPIRED',
        'This download has expired. Ask for a new one from your profile.',
        410,
      );
    const blob = await this.blobs.get(found.blob_key);
    if (!blob)
      throw new AppError(
        'EXPORT_EXPIRED',
        'This download has expired. Ask for a new one from your profile.',
        410,
      );
    return blob.data;
  }

  private processLater(exportId: string) {
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.process(exportId))
      .catch((error: unknown) => log.error({ err: error, exportId }, 'data export failed'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Builds one export; the claim is one statement, so two replicas never build the same one. */
  async process(exportId: string): Promise<void> {
    const claimed = await this.pool.query<Row>(
      `UPDATE data_exports SET status = 'running', started_at = now()
       WHERE id = $1 AND (status = 'pending' OR (status = 'running' AND started_at < now() - interval '15 minutes'))
       RETURNING *`,
      [exportId],
    );
    const job = claimed.rows[0];
    if (!job) return;
    try {
      const archive = await this.build(job.user_id);
      const key = exportBlobKey(job.id);
      await this.blobs.put(key, archive, 'application/zip');
      const done = await this.pool.query<{
        expires_at: Date;
        email: string;
        full_name: string | null;
      }>(
        `WITH done AS (
           UPDATE data_exports SET status = 'ready', blob_key = $2, size_bytes = $3, ready_at = now(),
             expires_at = now() + make_interval(secs => $4)
           WHERE id = $1 RETURNING user_id, expires_at
         )
         SELECT done.expires_at, u.email, u.full_name FROM done JOIN users u ON u.id = done.user_id`,
        [job.id, key, archive.length, this.ttlMs / 1000],
      );
      const row = done.rows[0];
      // The export (or its account) was erased while it was being built: nothing may keep the
      // archive of a person who asked to be forgotten.
      if (!row) await this.blobs.delete(key);
      if (row)
        this.mail.sendLater({
          to: row.email,
          userId: job.user_id,
          ...dataExportReadyMail(row.full_name, `${this.publicUrl}/profile`, row.expires_at),
        });
    } catch (error) {
      await this.pool.query(`UPDATE data_exports SET status = 'failed', error = $2 WHERE id = $1`, [
        job.id,
        (error as Error).message.slice(0, 500),
      ]);
      throw error;
    }
  }

  /** Every record the product keeps about the user, as files. */
  async build(userId: string): Promise<Buffer> {
    const user = await this.pool.query(
      `SELECT id, email, username, full_name, email_verified_at, google_subject IS NOT NULL AS google_linked,
         password_hash IS NOT NULL AS has_password, profile_image_url, roles, created_at, updated_at
       FROM users WHERE id = $1`,
      [userId],
    );
    const profile = user.rows[0];
    if (!profile) throw new Error(`user ${userId} does not exist`);
    const generations = await this.pool.query<{
      id: string;
      style: string;
      prompt: string;
      status: string;
      provider: string;
      result_key: string | null;
      error_message: string | null;
      created_at: Date;
      completed_at: Date | null;
    }>(
      `SELECT id, style, prompt, status, provider, result_key, error_message, created_at, completed_at
       FROM generation_requests WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    const files: Zippable = { 'README.txt': new TextEncoder().encode(EXPORT_README) };
    const generationRecords = [];
    for (const generation of generations.rows) {
      let image: string | null = null;
      if (generation.result_key) {
        const blob = await this.blobs.get(generation.result_key);
        if (blob) {
          image = `images/${generation.id}.png`;
          // PNGs are compressed already: store them as they are.
          files[image] = [new Uint8Array(blob.data), { level: 0 }];
        }
      }
      generationRecords.push({
        id: generation.id,
        style: generation.style,
        prompt: generation.prompt,
        status: generation.status,
        provider: generation.provider,
        error: generation.error_message,
        createdAt: generation.created_at,
        completedAt: generation.completed_at,
        image,
      });
    }
    const movements: CreditMovement[] = [];
    let before: number | null = null;
    do {
      const page = await listCreditHistory(this.pool, { userId }, { first: 500, before });
      movements.push(...page.movements);
      before = page.nextCursor;
    } while (before !== null);
    const snapshot = await getAccountSnapshot(this.pool, userId, new Date());
    const invoices = await this.pool.query(
      `SELECT invoice_id, plan_id, amount_paid, currency, period_start, period_end, paid_at, refunded_at
       FROM billing_invoices WHERE user_id = $1 ORDER BY paid_at`,
      [userId],
    );
    const packPayments = await this.pool.query(
      `SELECT checkout_session_id, kind, pack_id, amount_paid, currency, paid_at, refunded_at
       FROM billing_pack_payments WHERE user_id = $1 ORDER BY paid_at`,
      [userId],
    );
    // Messages sent signed in, and those sent signed out from the account's address once the
    // account has proved it owns that address; never another account's, whatever their address.
    const messages = await this.pool.query(
      `SELECT id, name, email, subject, category, message, gdpr_consent, marketing_consent, created_at, handled_at
       FROM contact_messages
       WHERE user_id = $1 OR (user_id IS NULL AND $3::boolean AND lower(email) = lower($2))
       ORDER BY created_at`,
      [userId, profile.email, profile.email_verified_at !== null],
    );
    Object.assign(files, {
      'profile.json': json(profile),
      'generations.json': json(generationRecords),
      'credit-history.json': json(
        movements.reverse().map(({ seq: _seq, userId: _user, ...movement }) => movement),
      ),
      'subscription.json': json({
        availableCredits: snapshot.available,
        subscription: snapshot.subscription,
      }),
      'invoices.json': json(invoices.rows),
      'credit-packs.json': json(packPayments.rows),
      'contact-messages.json': json(messages.rows),
      'claims.json': json(await claimsOf(this.pool, userId)),
      'gifts.json': json((await this.gifts?.exportFor(userId)) ?? { bought: [], redeemed: [] }),
      'share-links.json': json(await shareLinksOf(this.pool, userId, this.publicUrl)),
    });
    return Buffer.from(zipSync(files, { level: 6 }));
  }

  /** Removes archives past their expiry (a scheduled job). */
  async sweepExpired(): Promise<number> {
    const expired = await this.pool.query<{ id: string; blob_key: string | null }>(
      `SELECT id, blob_key FROM data_exports WHERE expires_at < now() AND blob_key IS NOT NULL`,
    );
    for (const row of expired.rows) {
      if (row.blob_key) await this.blobs.delete(row.blob_key);
      await this.pool.query('UPDATE data_exports SET blob_key = NULL WHERE id = $1', [row.id]);
    }
    const stale = await this.pool.query<{ id: string }>(
      `SELECT id FROM data_exports WHERE status = 'pending' AND created_at < now() - interval '1 minute'
         OR (status = 'running' AND started_at < now() - interval '15 minutes')`,
    );
    for (const row of stale.rows) await this.process(row.id);
    return expired.rows.length;
  }
}
