/**
 * The dependency rule: views -> stores -> domain <- ports <- adapters. Each rule by name, and why:
 * docs/architecture.md, "The dependency rule".
 * Only storefront/src/di knows which adapter serves which port; the shell's two entries (storefront/src/shell/main.tsx,
 * storefront/src/shell/entry-server.tsx) start what it composes.
 * The tiers' TypeScript projects refuse the rest (docs/architecture.md, "Three tiers"): the core
 * reaching the storefront or the API, the API reaching the storefront, DOM or Node types in the core
 * (Node only in its shared server part, core/node). The storefront reaching the API is refused by both.
 */
/** Every rule is an error: a boundary either holds or `npm run lint:deps` fails. */
const errors = (rules) => rules.map((rule) => ({ ...rule, severity: 'error' }));

module.exports = {
  forbidden: errors([
    {
      name: 'domain-is-pure',
      comment: 'The domain imports only the domain and port types: no framework, no adapter, no browser library.',
      // Tests of the domain may use the test runner and fakes; the domain itself may not.
      from: { path: '^core/domain/', pathNot: '\\.test\\.tsx?$' },
      to: { pathNot: ['^core/domain/', '^core/ports/'] },
    },
    {
      name: 'ports-are-interfaces',
      comment: 'Ports describe the outside world in domain terms only.',
      from: { path: '^core/ports/' },
      to: { pathNot: ['^core/domain/', '^core/ports/'] },
    },
    {
      name: 'adapters-only-in-di',
      comment: "Only the composition root (storefront/src/di) picks concrete adapters; the shell's two entries start them.",
      from: {
        path: '^storefront/src/',
        pathNot: [
          '^storefront/src/di/',
          '^storefront/src/shell/main\\.tsx$',
          '^storefront/src/shell/entry-server\\.tsx$',
          '^storefront/src/adapters/',
          '\\.test\\.tsx?$',
          '\\.stories\\.tsx$',
        ],
      },
      to: { path: '^storefront/src/adapters/' },
    },
    {
      name: 'stories-use-fakes-only',
      comment:
        'Stories and their fixtures (.storybook/fixtures) show screens on the in-memory fakes: never a real adapter (no server behind Storybook).',
      from: { path: ['\\.stories\\.tsx$', '^\\.storybook/'] },
      to: { path: '^storefront/src/adapters/', pathNot: ['^storefront/src/adapters/fake/'] },
    },
    {
      name: 'product-code-ignores-stories',
      comment: 'Stories and their fixtures are for Storybook only: no screen, store or adapter may depend on them.',
      from: { path: '^storefront/src/', pathNot: ['\\.stories\\.tsx$', '\\.test\\.tsx?$'] },
      to: { path: ['\\.stories\\.tsx$', '^\\.storybook/'] },
    },
    {
      name: 'demo-is-data',
      comment:
        'core/demo/ (the demo shop: catalog.json, ids, pictures) is pure data and functions: it imports only itself, domain types and a pure hash (ids), so the server and the browser fakes can both read it.',
      from: { path: '^core/demo/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^core/demo/', '^core/domain/', 'node_modules/@noble/hashes/'] },
    },
    {
      name: 'demo-only-for-fakes',
      comment: 'In the client only the in-memory fakes read the demo shop; the real shop gets its catalogue from the server.',
      from: { path: '^storefront/src/', pathNot: ['^storefront/src/adapters/fake/', '\\.test\\.tsx?$'] },
      to: { path: '^core/demo/' },
    },
    {
      name: 'texts-are-presentation',
      comment:
        "storefront/src/texts holds the shop's texts and formats (SPEC's messages, money): read by stores, views and the fakes; it reads only the domain's figures.",
      from: { path: '^storefront/src/texts/', pathNot: '\\.test\\.tsx?$' },
      to: { pathNot: ['^storefront/src/texts/', '^core/domain/'] },
    },
    {
      name: 'adapters-know-no-texts',
      comment: "Real adapters pass the server's words through; what a shopper reads is chosen by stores and views.",
      from: { path: '^storefront/src/adapters/', pathNot: ['^storefront/src/adapters/fake/', '\\.test\\.tsx?$'] },
      to: { path: '^storefront/src/texts/' },
    },
    {
      name: 'stores-know-no-views',
      comment: 'Stores hold the state views read: they know no view and no shell.',
      from: { path: '^storefront/src/stores/' },
      to: { path: ['^storefront/src/views/', '^storefront/src/shell/'] },
    },
    {
      name: 'adapters-know-no-ui',
      comment: 'Adapters (the fakes too) serve ports: they know no view, shell, store or container.',
      from: { path: '^storefront/src/adapters/' },
      to: { path: ['^storefront/src/views/', '^storefront/src/shell/', '^storefront/src/stores/', '^storefront/src/di/'] },
    },
    {
      name: 'inversify-only-in-di',
      comment: 'DI is a composition concern: no service or store knows the container.',
      from: { path: '^storefront/src/', pathNot: ['^storefront/src/di/'] },
      to: { path: 'node_modules/(inversify|@inversifyjs)/' },
    },
    {
      name: 'client-and-server-apart',
      comment: 'The shop never imports the reference server: it knows the API by its wire format and the contracts.',
      from: { path: '^storefront/src/' },
      to: { path: '^api/' },
    },
    {
      name: 'storefront-relies-on-the-contracts',
      comment:
        "The storefront's server (D22) reaches the API only through its HTTP, and the shop only through its build: it shares with the reference server only the core (core/node: serving pages, headers, logging).",
      from: { path: '^storefront/server/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^api/', '^storefront/src/', '^core/demo/'] },
    },
    {
      name: 'tiers-declare-their-dependencies',
      comment:
        "A tier's code imports only the packages its own package.json lists (core/, storefront/, api/), so each list says what that tier needs; tests, stories and the test support use the root's tools.",
      from: { path: '^(core|storefront|api)/', pathNot: ['\\.test\\.tsx?$', '\\.stories\\.tsx$', '^api/src/testing/', '-fixture\\.ts$'] },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-circular',
      comment: 'No cycles.',
      from: {},
      to: { circular: true },
    },
  ]),
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
