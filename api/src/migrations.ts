import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@app/ledger';

export const apiMigrations: MigrationSet = {
  dir: fileURLToPath(new URL('../migrations', import.meta.url)),
  table: 'pgmigrations_api',
};
