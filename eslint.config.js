import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
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
    // The classic rules and the React Compiler rules (purity, refs, set-state-in-effect, immutability…).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrolling tables, charts and JSON blocks take focus so the keyboard can scroll them
      // (axe's scrollable-region-focusable); each is a labelled region or a <pre>.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'], tags: ['pre'] }],
      // "Preview of your photo" names the user's photo, not the kind of element.
      'jsx-a11y/img-redundant-alt': 'off',
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
