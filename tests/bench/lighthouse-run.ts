/**
 * One Lighthouse 12 run (mobile defaults, Debian's Chromium or CHROMIUM_PATH) and what the benches
 * read of its report: the four category scores, the page's timings and bytes, and why a score is
 * short, and the median over a page's runs. Used by server-bench.ts, storefront-bench.ts and
 * first-paint-bench.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_PATH } from '../support/chromium';
import { median, root } from './bench-support';

/** Debian's Chromium, as the tests start it. */
export const CHROMIUM = CHROMIUM_PATH;

/** The four categories Lighthouse scores, by its ids. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageReport {
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  totalBytes: number;
  scriptBytes: number;
  /** The audits of each category that did not pass (score under 1, weight above 0). */
  failing: Record<Category, string[]>;
}

interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
    }
  >;
}

const runFile = promisify(execFile);

/** One Lighthouse run; a run it could not trace (NO_NAVSTART and the like, now and then on a busy machine) is run again, twice at most. */
export async function lighthouseOnce(url: string, options: { port?: number } = {}, attempt = 1): Promise<PageReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    const ran = await runFile(
      path.join(root, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        // A browser already running (with what the page should find in its storage), or one of Lighthouse's own.
        ...(options.port === undefined
          ? ['--chrome-flags=--headless=new --no-sandbox']
          : [`--port=${options.port}`, '--disable-storage-reset']),
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    ).then(
      () => undefined,
      // Lighthouse exits non-zero when it could not trace the page (its report says why).
      (error: unknown) => error,
    );
    const report = existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult) : undefined;
    if (!report || report.runtimeError) {
      if (attempt < 3) return await lighthouseOnce(url, options, attempt + 1);
      throw new Error(`Lighthouse could not measure ${url}: ${report?.runtimeError?.code ?? String(ran)}`);
    }
    const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const items = report.audits['network-requests']?.details?.items ?? [];
    const scores = {} as Record<Category, number>;
    const failing = {} as Record<Category, string[]>;
    for (const category of CATEGORIES) {
      const { score, auditRefs } = report.categories[category];
      scores[category] = Math.round((score ?? 0) * 100);
      failing[category] = auditRefs
        .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${report.audits[ref.id]?.score})`);
    }
    return {
      scores,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      totalBytes: audit('total-byte-weight'),
      scriptBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      failing,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many runs of each page the benches take the median of (BENCH_LIGHTHOUSE_RUNS, 3); 0 skips Lighthouse, saying so. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export function lighthouseSkipped(): boolean {
  if (LIGHTHOUSE_RUNS > 0) return false;
  console.log('\nLighthouse: skipped (BENCH_LIGHTHOUSE_RUNS=0).');
  return true;
}

/**
 * LIGHTHOUSE_RUNS runs of each of `urls`, the runs taking turns between them (the machine's noise
 * falls on all alike); answers each url's runs.
 */
export async function runsTakingTurns(urls: readonly string[]): Promise<PageReport[][]> {
  const reports = urls.map(() => [] as PageReport[]);
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    for (const [index, url] of urls.entries()) reports[index]?.push(await lighthouseOnce(url));
  }
  return reports;
}

/** The heading of a bench's Lighthouse table. */
export const lighthouseHeading = () =>
  `\nLighthouse${LIGHTHOUSE_RUNS > 1 ? ` (median of ${LIGHTHOUSE_RUNS})` : ''}, mobile defaults, ${CHROMIUM}:`;

/** A page's runs summed up: the median of each score and figure, and why a score is short of 100. */
export interface MedianReport {
  scores: Record<Category, number>;
  of(pick: (report: PageReport) => number): number;
  /** The audits of `category` that did not pass in the run whose performance is the median. */
  failing(category: Category): string;
}

export function medianOfRuns(runs: PageReport[]): MedianReport {
  const of = (pick: (report: PageReport) => number) => median(runs.map(pick));
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, of((r) => r.scores[category])])) as Record<Category, number>;
  const typical = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)];
  return { scores, of, failing: (category) => typical?.failing[category].join(', ') || '(none failing in the median run)' };
}
