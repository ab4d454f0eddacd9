import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every decision and specification section the code and docs cite resolves inside the repository:
 * "D17" to a heading of docs/decisions.md, "SPEC 7" or "SPEC sections 2-5 and 8" to numbered
 * headings of docs/spec.md, DECISIONS "Dev mail outbox" to a heading of docs/decisions.md, and a
 * link to decisions.md#… or spec.md#… to one of their headings.
 */
const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'server', 'storefront', 'tests', 'contracts', 'scripts', 'demo', 'docs', '.storybook'];
const ROOT_FILES = ['README.md', 'eslint.config.js', '.dependency-cruiser.cjs', 'vite.config.ts', 'vitest.config.ts', 'index.html'];
/** Built, generated or fetched folders: nobody writes references there. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'coverage', 'storybook-static', 'pacts', 'screenshots']);
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|css|html|md)$/;

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.data') ? [] : filesUnder(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.trim());
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

interface Targets {
  decisions: string[];
  spec: string[];
}

function targetsOf(decisionsMarkdown: string, specMarkdown: string): Targets {
  return { decisions: headingsOf(decisionsMarkdown), spec: headingsOf(specMarkdown) };
}

/** "2-5 and 8", "2, 4, 5, 8", "7.3": the section numbers a SPEC reference names. */
function sectionNumbers(list: string): string[] {
  return list.split(/\s*(?:,|\band\b)\s*/).flatMap((part) => {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
    if (!range) return [part];
    const numbers: string[] = [];
    for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(String(n));
    return numbers;
  });
}

/** What a text may cite: the headings' D-ids, section numbers, titles and anchors. */
function citable(targets: Targets) {
  return {
    decisionIds: new Set(targets.decisions.map((heading) => /^(D\d+)\b/.exec(heading)?.[1])),
    specSections: new Set(targets.spec.map((heading) => /^(\d+(?:\.\d+)*)\.?\s/.exec(heading)?.[1])),
    decisionHeadings: new Set(targets.decisions),
    anchors: { 'decisions.md': new Set(targets.decisions.map(slug)), 'spec.md': new Set(targets.spec.map(slug)) },
  };
}

/** The references in a text that do not resolve, as they read (D99, SPEC 12, DECISIONS "Nowhere", spec.md#nowhere). */
function unresolved(text: string, to: ReturnType<typeof citable>): string[] {
  const missing: string[] = [];
  for (const [id] of text.matchAll(/\bD\d+\b/g)) if (!to.decisionIds.has(id)) missing.push(id);
  for (const match of text.matchAll(/\bSPEC(?:(?:'s)? sections?)? (\d+(?:\.\d+)*(?:\s*(?:,|-|–|\band\b)\s*\d+(?:\.\d+)*)*)/g)) {
    for (const section of sectionNumbers(match[1]!)) if (!to.specSections.has(section)) missing.push(`SPEC ${section}`);
  }
  for (const [reference, heading] of text.matchAll(/\bDECISIONS "([^"]+)"/g))
    if (!to.decisionHeadings.has(heading!)) missing.push(reference);
  for (const [reference, file, anchor] of text.matchAll(/\b(decisions\.md|spec\.md)#([\p{L}\p{N}_-]+)/gu)) {
    if (!to.anchors[file as keyof typeof to.anchors].has(anchor!)) missing.push(reference);
  }
  return missing;
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const targets = targetsOf(read('docs/decisions.md'), read('docs/spec.md'));
const resolvable = citable(targets);

describe('references to the decisions and the specification', () => {
  it('each one in the code and the docs resolves to a heading of docs/decisions.md or docs/spec.md', () => {
    const files = [...FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))), ...ROOT_FILES.map((file) => path.join(root, file))];
    expect(files.length).toBeGreaterThan(500);
    const broken: string[] = [];
    // This file's own made-up references (below) are the point of it.
    for (const file of files.filter((candidate) => existsSync(candidate) && candidate !== import.meta.filename)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const reference of unresolved(line, resolvable)) broken.push(`${path.relative(root, file)}:${index + 1}: ${reference}`);
        });
    }
    expect(broken).toEqual([]);
  });

  it('fails on a made-up reference of every kind, and passes the forms the code uses', () => {
    expect(unresolved("the fee (D99) and SPEC 12, SPEC sections 2 and 10, SPEC 7.9, SPEC's section 11", resolvable)).toEqual([
      'D99',
      'SPEC 12',
      'SPEC 10',
      'SPEC 7.9',
      'SPEC 11',
    ]);
    expect(unresolved('DECISIONS "Nowhere"; decisions.md#d1-free-shipping, spec.md#12-nowhere', resolvable)).toEqual([
      'DECISIONS "Nowhere"',
      'decisions.md#d1-free-shipping',
      'spec.md#12-nowhere',
    ]);
    expect(
      unresolved(
        "D1, D25; SPEC 8; SPEC section 7.; SPEC sections 2-5 and 8; SPEC 2, 6: /profile; SPEC 2.8; SPEC's section 9; SPEC's 400; " +
          'DECISIONS "Dev mail outbox"; decisions.md#d1-shipping; spec.md#7-the-calls-it-makes; spec.md#28-login--sign-up-popup',
        resolvable,
      ),
    ).toEqual([]);
  });

  it('a range names every section in it', () => {
    expect(sectionNumbers('2-5 and 8')).toEqual(['2', '3', '4', '5', '8']);
    expect(sectionNumbers('2, 4, 5, 8')).toEqual(['2', '4', '5', '8']);
  });

  it("has every decision and section of the product's shared DECISIONS.md and SPEC.md, where they sit beside the repository", () => {
    const shared = path.resolve(root, '..', 'shared');
    const decisions = path.join(shared, 'DECISIONS.md');
    if (existsSync(decisions)) {
      const ids = [...readFileSync(decisions, 'utf8').matchAll(/^- \*\*(D\d+) /gm)].map((match) => match[1]);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => !targets.decisions.some((heading) => heading.startsWith(`${id} `)))).toEqual([]);
    }
    const specFile = path.join(shared, 'SPEC.md');
    if (existsSync(specFile)) {
      const spec = readFileSync(specFile, 'utf8');
      const sections = headingsOf(spec).filter((heading) => /^\d+\. /.test(heading));
      expect(sections.length).toBeGreaterThan(0);
      expect(sections.filter((heading) => !targets.spec.includes(heading))).toEqual([]);
      // The calls table, row for row (the contracts' coverage reads the shared one).
      const callRows = (markdown: string) => markdown.split('\n').filter((line) => /^\| (GET|POST|PUT|DELETE) \|/.test(line));
      expect(callRows(read('docs/spec.md'))).toEqual(callRows(spec));
    }
  });
});
