import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printSortedSchema } from './index';

describe('schema.graphql', () => {
  it('matches the schema Pothos builds (run `npm run schema` after changing it)', () => {
    const committed = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../schema.graphql'),
      'utf8',
    );
    expect(printSortedSchema()).toBe(committed);
  });
});
