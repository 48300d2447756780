import type { CodegenConfig } from '@graphql-codegen/cli';

// The web app's types come from schema.graphql (printed from the Pothos schema by `npm run schema`).
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', File: 'File' },
      },
    },
  },
};

export default config;
