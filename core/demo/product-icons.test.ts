import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogIconNames, ICON_TABLE_FILE, iconTableText, readLucideIcon } from '../../scripts/generate-demo-icons';
import { demoCategories, demoProducts } from './demo-catalog';
import { FALLBACK_ICON, hasProductIcon, isIconShape, productIcon } from './product-icons';

describe('the icon table (core/demo/product-icons.json)', () => {
  it('is what `npm run demo:icons` makes from the installed lucide-static and the catalogue', () => {
    // On failure: run `npm run demo:icons` (a new icon in catalog.json, or a new lucide-static).
    expect(readFileSync(ICON_TABLE_FILE, 'utf8')).toBe(iconTableText());
  });

  it('has every icon the catalogue names, and the fallback', () => {
    const named = new Set([...demoCategories.map((c) => c.icon), ...demoProducts.map((p) => p.icon), FALLBACK_ICON]);
    expect(catalogIconNames()).toEqual([...named].sort());
    for (const name of named) expect(hasProductIcon(name), name).toBe(true);
  });

  it('holds shapes only', () => {
    for (const name of catalogIconNames()) {
      expect(productIcon(name).length, name).toBeGreaterThan(0);
      expect(productIcon(name).every(isIconShape), name).toBe(true);
    }
  });

  it('leaves out anything but a plain shape', () => {
    expect(isIconShape(['path', { d: 'M2 12h20' }])).toBe(true);
    expect(isIconShape(['circle', { cx: '12', cy: '12', r: '1', fill: 'currentColor' }])).toBe(true);
    expect(isIconShape(['image', { href: 'https://example.com/x.png' }])).toBe(false);
    expect(isIconShape(['use', { href: '#a' }])).toBe(false);
    expect(isIconShape(['path', { d: 'M0 0', onload: 'alert(1)' }])).toBe(false);
    expect(isIconShape(['path', { d: '"/><script>' }])).toBe(false);
    expect(isIconShape(['rect', { fill: 'url(#x)' }])).toBe(false);
  });

  it('reads icons from the package’s SVG sources, aliases included, and refuses a name that is no icon name', () => {
    expect(readLucideIcon('waves').length).toBeGreaterThan(0);
    expect(() => readLucideIcon('../package')).toThrow(/Not a Lucide icon name/);
  });
});
