import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin } from 'vite';

const GRAPHQL_CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const GQL_IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*['"][^'"]*\/gql(?:\/index)?['"];?/;
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/;
const COMPILED_DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*$/gm;

/** The documents codegen compiled into `gql/graphql.ts`, by export name, as JSON text. */
const readCompiledDocuments = (file: string): Map<string, string> =>
  new Map(
    [...readFileSync(file, 'utf8').matchAll(COMPILED_DOCUMENT)].map(
      ([, name, json]) => [name, json] as [string, string],
    ),
  );

/**
 * Production builds: replaces each `graphql(\`…\`)` call with the document codegen compiled
 * into `gql/graphql.ts` (`<Name>Document`, `<Name>FragmentDoc`), inlined where it is used.
 * Without it every page would ship the map of all the app's operations in `gql/gql.ts` (the
 * client preset's babel and SWC plugins exist for the same reason).
 */
export const inlineGraphqlDocuments = (gqlDir: string): Plugin => {
  const compiledFile = path.join(gqlDir, 'graphql.ts');
  let documents = new Map<string, string>();
  return {
    name: 'inline-graphql-documents',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      documents = readCompiledDocuments(compiledFile);
      this.addWatchFile(compiledFile);
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(gqlDir)) return null;
      const gqlImport = GQL_IMPORT.exec(code);
      if (!gqlImport) return null;
      const transformed = code.replace(GRAPHQL_CALL, (_call, source: string) => {
        const definition = DEFINITION.exec(source);
        if (!definition) throw new Error(`${id}: a graphql() document without a named definition`);
        const [, kind, name] = definition as unknown as [string, string, string];
        const exported = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        const json = documents.get(exported);
        if (!json)
          throw new Error(`${id}: ${exported} is not in gql/graphql.ts (run npm run codegen)`);
        return `(${json})`;
      });
      return { code: transformed.replace(gqlImport[0], ''), map: null };
    },
  };
};
