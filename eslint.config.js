import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'web/src/gql/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['ledger/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@app/api*', '@app/projections*', '@app/web*', 'graphql*', 'express*'] },
      ],
    },
  },
  {
    files: ['projections/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/api*', '@app/web*'] }] },
  },
);
