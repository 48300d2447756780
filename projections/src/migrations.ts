import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@app/ledger';

export const projectionMigrations: MigrationSet = {
  dir: fileURLToPath(new URL('../migrations', import.meta.url)),
  table: 'pgmigrations_projections',
};
