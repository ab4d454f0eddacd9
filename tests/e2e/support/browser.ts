import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { PHONE_PROFILE, throttleLikeAPhone } from '../../support/phone-profile';

const artifactsDir = path.resolve(import.meta.dirname, '../../../test-results/e2e');

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

let browser: Browser | undefined;

/** E2E_TRACE=1: every test records a Playwright trace, kept when it fails. */
const TRACE = process.env.E2E_TRACE === '1';

/** One Chromium per test file (Debian's /usr/bin/chromium, or CHROMIUM_PATH). */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

/**
 * A server-rendered page shows its buttons before its script has run (D17): a journey that opens
 * or reloads a page goes on once the shop is interactive (hydrated), as a shopper's first tap would
 * need it to be.
 */
function untilInteractive(page: Page): void {
  const interactive = () => page.waitForFunction(() => document.documentElement.dataset.shop === 'ready');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive();
    return response;
  };
}

export interface ShopperPage {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Opens a path of the shop. */
  open(pathname: string): Promise<void>;
}

/**
 * A fresh browser context (a shopper with empty storage) for the current test. On failure a
 * screenshot (and with E2E_TRACE=1 a trace) lands in test-results/e2e (git-ignored).
 */
export async function newShopper(
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    /**
     * 'phone': the shopper's phone (tests/support/phone-profile.ts: touch, the CPU and network
     * throttled), and `goto` does not wait for the shop to be live: the test taps at first paint.
     * 'throttled': the same CPU and network at the given viewport, without touch.
     */
    profile?: 'phone' | 'throttled';
    /** Another server of the shop (a storefront tier); the reference server by default. */
    baseUrl?: string;
  } = {},
): Promise<ShopperPage> {
  if (!browser) throw new Error('call useBrowser() in the test file');
  const baseUrl = options.baseUrl ?? inject('baseUrl');
  const phone = options.profile === 'phone';
  const context = await browser.newContext({
    viewport: options.viewport ?? (phone ? PHONE_PROFILE.viewport : DESKTOP),
    ...(phone ? { deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor, isMobile: true, hasTouch: true } : {}),
    baseURL: baseUrl,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  // A trace records every step's screenshot and DOM: two fifths of a journey's time, so only on demand.
  if (TRACE) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  if (options.profile) await throttleLikeAPhone(page);
  else if (options.javaScriptEnabled !== false) untilInteractive(page);
  // One hook, so the failure artifacts are taken before the context closes.
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(artifactsDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
      if (TRACE) await context.tracing.stop({ path: path.join(artifactsDir, `${name}.trace.zip`) }).catch(() => undefined);
    } else if (TRACE) {
      await context.tracing.stop().catch(() => undefined);
    }
    await context.close().catch(() => undefined);
  });
  return {
    page,
    context,
    baseUrl,
    open: async (pathname) => {
      await page.goto(pathname);
    },
  };
}
