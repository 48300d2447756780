import { createScratchDatabase } from '@app/ledger/testing/scratch-database';

/**
 * A fresh database on the DATABASE_URL server for processes the test spawns, or none (the
 * spawned API then keeps embedded PGlite in its data folder).
 */
export async function freshDatabase(label: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: '', drop: async () => undefined };
  return createScratchDatabase(serverUrl, label);
}
