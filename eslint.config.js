// ESLint 9 flat config. The dependency rule is not here: the tiers' TypeScript projects refuse what
// crosses a tier (tsconfig.json), and .dependency-cruiser.cjs holds the rest (`npm run lint:deps`).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'storybook-static/', 'test-results/', 'coverage/', '.data/', '.tsbuild/', 'contracts/pacts/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a deliberately unused name; a rest sibling drops keys from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Ports, fakes, Fastify handlers and Pact state handlers are `async` on purpose even without an
      // await: a throw inside becomes a rejected promise, as their callers expect.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; the async handlers await store actions that report
      // failures through store state. Promises passed anywhere else are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'tests/support/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // `role` on our own components (e.g. <AddressBox role="billing">) is a prop, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'tests/support/**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    // Tests read untyped JSON bodies and hand mocked methods to expect(): the `any` and unbound-method
    // checks guard product code; in tests they would only add casts.
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'contracts/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
