// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The dependency rule bites: files that break it are written into the real folders, checked
 * with the project's own .dependency-cruiser.cjs, and removed again. (What crosses a tier the
 * TypeScript projects refuse: tiers.test.ts.)
 */
const root = path.resolve(import.meta.dirname, '../..');
const probes: Record<string, { source: string; rule: string }> = {
  'core/domain/zz-probe-react.ts': { source: "import 'react';", rule: 'domain-is-pure' },
  'core/domain/zz-probe-mobx.ts': { source: "import 'mobx';", rule: 'domain-is-pure' },
  'core/domain/zz-probe-inversify.ts': { source: "import 'inversify';", rule: 'domain-is-pure' },
  'core/domain/zz-probe-zod.ts': { source: "import 'zod/mini';", rule: 'domain-is-pure' },
  'core/domain/zz-probe-adapter.ts': { source: "import '../../storefront/src/adapters/clock/system-clock';", rule: 'domain-is-pure' },
  'storefront/src/stores/zz-probe-adapter.ts': { source: "import '../adapters/fake/fake-clock';", rule: 'adapters-only-in-di' },
  'storefront/src/views/zz-probe-inversify.ts': { source: "import 'inversify';", rule: 'inversify-only-in-di' },
  'storefront/src/stores/zz-probe-view.ts': { source: "import '../views/layout/app-layout';", rule: 'stores-know-no-views' },
  'storefront/src/stores/zz-probe-shell.ts': { source: "import '../shell/routes';", rule: 'stores-know-no-views' },
  'core/domain/zz-probe-texts.ts': { source: "import '../../storefront/src/texts/messages';", rule: 'domain-is-pure' },
  'storefront/src/texts/zz-probe-store.ts': { source: "import '../stores/cart-store';", rule: 'texts-are-presentation' },
  'storefront/src/adapters/http/zz-probe-texts.ts': { source: "import '../../texts/messages';", rule: 'adapters-know-no-texts' },
  'core/demo/zz-probe-react.ts': { source: "import 'react';", rule: 'demo-is-data' },
  'storefront/src/views/zz-probe-demo.ts': { source: "import '@shop/core/demo/demo-catalog';", rule: 'demo-only-for-fakes' },
  '.storybook/zz-probe-adapter.ts': { source: "import '../storefront/src/adapters/clock/system-clock';", rule: 'stories-use-fakes-only' },
  'storefront/src/adapters/http/zz-probe-store.ts': { source: "import '../../stores/cart-store';", rule: 'adapters-know-no-ui' },
  'storefront/server/zz-probe-server.ts': { source: "import '../../api/src/catalog/catalog';", rule: 'storefront-relies-on-the-contracts' },
  'api/src/zz-probe-unlisted.ts': { source: "import 'mobx';", rule: 'tiers-declare-their-dependencies' },
  'storefront/server/zz-probe-adapter.ts': {
    source: "import '../src/adapters/http/http-client';",
    rule: 'storefront-relies-on-the-contracts',
  },
};

let violations: Array<{ from: string; rule: { name: string } }> = [];

beforeAll(() => {
  for (const [file, { source }] of Object.entries(probes)) writeFileSync(path.join(root, file), `${source}\nexport {};\n`);
  try {
    let output: string;
    try {
      output = execFileSync('npx', ['depcruise', ...Object.keys(probes), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // depcruise exits non-zero when it finds violations; its report is still on stdout.
      output = (error as { stdout: string }).stdout;
    }
    violations = (JSON.parse(output) as { summary: { violations: typeof violations } }).summary.violations;
  } finally {
    for (const file of Object.keys(probes)) rmSync(path.join(root, file), { force: true });
  }
}, 60_000);

describe('the dependency rule', () => {
  it.each(Object.entries(probes))('%s breaks %s', (file, { rule }) => {
    expect(violations.filter((violation) => violation.from === file).map((violation) => violation.rule.name)).toContain(rule);
  });
});
