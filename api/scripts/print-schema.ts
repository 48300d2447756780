import fs from 'node:fs/promises';
import path from 'node:path';
import { printSortedSchema } from '../src/graphql/schema';

// `npm run schema`: writes schema.graphql (sorted) at the repo root; codegen reads it for the web.
const target = path.resolve(import.meta.dirname, '../../schema.graphql');
await fs.writeFile(target, printSortedSchema());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
