import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // A file says one thing: past 400 lines, split it by meaning (house style 11).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // React calls what an effect returns as its cleanup: a concise arrow returns whatever its call
      // gives back (scrollIntoView gives a Promise in Chromium), and the page crashes on unmount.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression:matches([callee.name=/^use(Layout|Insertion)?Effect$/], [callee.property.name=/^use(Layout|Insertion)?Effect$/]) > ArrowFunctionExpression.arguments[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression'][body.operator!='void']",
          message:
            "Give an effect's arrow a block body ({ ... }) or discard with void: a concise body returns its call's result, which React calls as the cleanup.",
        },
      ],
    },
  },
  {
    // Shared layers never reach into a feature: features use them, not the other way round.
    files: ['web/src/{ui,realtime,api,queries,session}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'ui/, realtime/, api/, queries/ and session/ must not import from features/.',
            },
          ],
        },
      ],
    },
  },
);
