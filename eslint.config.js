// ESLint 9 flat config. The dependency rule below mirrors .dependency-cruiser.cjs: ESLint reports a broken
// boundary in the editor, at the import; dependency-cruiser stays the check of the whole graph (cycles,
// transitive paths) in `npm run lint:deps`. Each message starts with its rule's name, explained in
// docs/architecture.md, "The dependency rule".
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The hexagon's parts, one element type per folder (the first pattern that fits wins). Single files are
 * classified by the file categories below. */
const elements = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'ports', pattern: 'src/ports' },
  { type: 'fake-adapters', pattern: 'src/adapters/fake' },
  { type: 'adapters', pattern: 'src/adapters' },
  { type: 'texts', pattern: 'src/texts' },
  { type: 'stores', pattern: 'src/stores' },
  { type: 'views', pattern: 'src/views' },
  { type: 'shell', pattern: 'src/shell' },
  { type: 'di', pattern: 'src/di' },
  { type: 'storefront', pattern: 'storefront' },
  { type: 'server-shared', pattern: 'server/src/{http,logging}' },
  { type: 'server', pattern: 'server/src' },
  { type: 'demo', pattern: 'demo' },
  { type: 'contracts', pattern: 'contracts' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));

const files = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  // Stories and their Storybook set-up and fixtures.
  { category: 'story', pattern: ['**/*.stories.tsx', '.storybook/**'] },
  // The browser entry: with src/di, the composition root.
  { category: 'main', pattern: 'src/shell/main.tsx' },
  // The server entry: the storefront tier and the reference server's page tests hold its renderer.
  { category: 'server-entry', pattern: 'src/shell/entry-server.tsx' },
  // The storefront's page pieces the reference server shares (the one-command start, D22).
  { category: 'storefront-shell', pattern: 'storefront/{page-shell,static-shop,page-policy}.ts' },
];

const clientTypes = ['domain', 'ports', 'adapters', 'fake-adapters', 'texts', 'stores', 'views', 'shell', 'di'];
const mainFile = { file: { categories: 'main' } };

/**
 * Each policy names its rule in .dependency-cruiser.cjs. Everything not disallowed is allowed; a later
 * policy overrides an earlier one, which is how tests and stories get their exceptions.
 */
const policies = [
  {
    from: { element: { type: 'domain' } },
    disallow: [{ to: { element: { type: '!{domain,ports}' } } }, { to: { module: { origin: ['external', 'core'] } } }],
    message: 'domain-is-pure: the domain imports only src/domain and src/ports.',
  },
  {
    from: { element: { type: 'demo' } },
    disallow: [{ to: { element: { type: '!{demo,domain,server,server-shared}' } } }, { to: { module: { origin: ['external', 'core'] } } }],
    message: 'demo-is-data: demo/ imports only itself, domain types and a pure hash.',
  },
  {
    // Product ids are a SHA-1 of the slug, synchronous in the browser too.
    from: { element: { type: 'demo' } },
    allow: { to: { module: { source: '@noble/hashes/**' } } },
  },
  {
    from: { element: { type: 'demo' } },
    disallow: { to: { element: { type: ['server', 'server-shared'] } } },
    message: 'demo-knows-no-server: the demo data never imports server code.',
  },
  {
    from: { element: { type: ['domain', 'ports', 'adapters', 'stores', 'views', 'shell', 'di'] } },
    disallow: { to: { element: { type: 'demo' } } },
    message: 'demo-only-for-fakes: in the shop, only the fakes read the demo data.',
  },
  {
    from: { element: { type: ['domain', 'ports', 'stores', 'views'] } },
    disallow: { to: { element: { type: ['adapters', 'fake-adapters'] } } },
    message: "adapters-only-in-di: only src/di picks adapters (the shell's two entries start them).",
  },
  {
    from: [{ element: { type: clientTypes } }, mainFile],
    disallow: { to: { file: { categories: 'story' } } },
    message: 'product-code-ignores-stories: stories and their fixtures are for Storybook only.',
  },
  {
    // The exceptions above: tests may use the runner and any adapter, stories the fakes (next policy).
    from: { file: { categories: ['test', 'story'] } },
    allow: [
      { to: { element: { type: '*' } } },
      { to: { file: { categories: '*' } } },
      { to: { module: { origin: ['external', 'core'] } } },
    ],
  },
  {
    from: { file: { categories: 'story' } },
    disallow: { to: { element: { type: 'adapters' } } },
    message: 'stories-use-fakes-only: stories and their fixtures use src/adapters/fake only.',
  },
  {
    from: { element: { type: 'ports' } },
    disallow: [{ to: { element: { type: '!{domain,ports}' } } }, { to: { module: { origin: ['external', 'core'] } } }],
    message: 'ports-are-interfaces: ports describe the outside world in domain terms only.',
  },
  {
    from: { element: { type: 'stores' } },
    disallow: { to: { element: { type: ['views', 'shell'] } } },
    message: 'stores-know-no-views: stores know no views and no shell.',
  },
  {
    from: { element: { type: 'texts' } },
    disallow: [{ to: { element: { type: '!{texts,domain}' } } }],
    message: "texts-are-presentation: the shop's texts read only the domain's figures.",
  },
  {
    from: { element: { type: 'adapters' } },
    disallow: { to: { element: { type: 'texts' } } },
    message: 'adapters-know-no-texts: real adapters pass the server words through.',
  },
  {
    from: { element: { type: ['adapters', 'fake-adapters'] } },
    disallow: [{ to: { element: { type: ['views', 'shell', 'stores', 'di'] } } }, { to: mainFile }],
    message: 'adapters-know-no-ui: adapters know no views, shell, stores or container.',
  },
  {
    from: [{ element: { type: clientTypes.filter((type) => type !== 'di') } }, mainFile],
    disallow: { to: { module: { source: ['inversify', '@inversifyjs/*'] } } },
    message: 'inversify-only-in-di: no service or store knows the container.',
  },
  {
    from: [{ element: { type: clientTypes } }, mainFile],
    disallow: { to: { element: { type: ['server', 'server-shared'] } } },
    message: 'client-and-server-apart: the client never imports server code.',
  },
  {
    from: { element: { type: ['server', 'server-shared'] } },
    disallow: [{ to: { element: { type: ['adapters', 'fake-adapters', 'texts', 'stores', 'views', 'di'] } } }, { to: mainFile }],
    message: "server-and-client-apart: the server may import pure src/domain modules and the shop's server entry only.",
  },
  {
    from: { element: { type: ['server', 'server-shared'] } },
    disallow: { to: { element: { type: 'storefront' } } },
    message: "api-apart-from-the-storefront-tier: the reference server uses the storefront's page pieces only.",
  },
  {
    from: { element: { type: ['server', 'server-shared'] } },
    allow: { to: { file: { categories: 'storefront-shell' } } },
  },
  {
    from: { element: { type: 'storefront' } },
    disallow: { to: { element: { type: ['server', 'demo', ...clientTypes] } } },
    message: 'storefront-relies-on-the-contracts: the storefront tier reaches the API over HTTP only.',
  },
  {
    // Of the shop, the built server entry's types.
    from: { element: { type: 'storefront' } },
    allow: { to: { file: { categories: 'server-entry' } } },
  },
  {
    // Its tests start the reference server and hold the shop's renderer beside it.
    from: { element: { type: 'storefront' }, file: { categories: 'test' } },
    allow: { to: { element: { type: '*' } } },
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'storybook-static/', 'test-results/', 'coverage/', '.data/', 'contracts/pacts/'],
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
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'tests/support/**/*.tsx'],
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
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'tests/support/**/*.tsx'],
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
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
    },
  },
);
