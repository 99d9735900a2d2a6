// Type-aware lint (no-floating-promises and friends) over all TypeScript; formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.tmp',
      'data',
      'reports',
      'openapi/generated',
      'server/db/migrations',
      'docs',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '.dependency-cruiser.cjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel files: import from the module that defines it.',
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    // Model events are typed loosely (EventObject); e2e executors narrow them to their payload.
    files: ['e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  {
    // Company scoping in one place (ADR 0005): the company condition comes from server/db/company-scope.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/db/company-scope.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel files: import from the module that defines it.',
        },
        {
          selector: "CallExpression[callee.name='eq'][arguments.0.property.name='companyId']",
          message:
            'Scope company rows with inCompany / companyScope (server/db/company-scope.ts), not a hand-written eq(table.companyId, …) (ADR 0005).',
        },
      ],
    },
  },
  {
    // Machines are pure: no React, no fetch, no timers outside `after`.
    files: ['machines/**/*.ts'],
    rules: {
      // What machines may import is a layer rule (.dependency-cruiser.cjs, npm run layers:check).
      'no-restricted-globals': ['error', 'fetch', 'setTimeout', 'setInterval'],
    },
  },
);
