import { chromium } from 'playwright-core';
const base = process.argv[2];
const vp = process.argv[3] === 'phone' ? { width: 375, height: 812 } : { width: 1280, height: 800 };
const paths = process.argv.slice(4);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const p of paths) {
  const page = await browser.newPage({ viewport: vp });
  await page.addInitScript(() => { window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true }); });
  const logs = []; const api = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text().slice(0, 200)}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => { if (r.url().includes('/api/')) api.push(r.method() + ' ' + r.url().replace(base, '')); });
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  console.log('==', p, '| title:', await page.title(), '| CLS', await page.evaluate(() => window.__cls.toFixed(4)));
  if (api.length) console.log(' api requests:', api);
  if (logs.length) console.log(' console:', logs);
  await page.screenshot({ path: `/tmp/shot-${process.argv[3]}-${p.replace(/\W+/g, '_')}.png` });
  await page.close();
}
await browser.close();
