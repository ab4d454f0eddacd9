/**
 * `npm run demo:icons`: writes core/demo/product-icons.json, the Lucide icons (lucide-static, ISC) that the
 * demo catalogue names, read from the package's own SVG sources. Only the icons in use are kept, so
 * the server and the browser fakes carry a few dozen kilobytes, not the whole set, and nothing reads
 * node_modules at run time. core/demo/product-icons.test.ts fails when the file and the package or the
 * catalogue disagree (a new icon name in catalog.json, or a new lucide-static version): run this again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_ICON, type IconElement, isIconShape } from '@shop/core/demo/product-icons';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ICON_TABLE_FILE = path.join(root, 'core/demo/product-icons.json');

/** Every icon name core/demo/catalog.json uses (categories and products), plus the fallback, sorted. */
export function catalogIconNames(): string[] {
  const catalog = JSON.parse(readFileSync(path.join(root, 'core/demo/catalog.json'), 'utf8')) as {
    categories: { icon?: string }[];
    products: { icon?: string }[];
  };
  const names = new Set([FALLBACK_ICON]);
  for (const entry of [...catalog.categories, ...catalog.products]) if (entry.icon) names.add(entry.icon);
  return [...names].sort();
}

/** The drawing elements of one icon, parsed from lucide-static/icons/<name>.svg. */
export function readLucideIcon(name: string): IconElement[] {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Not a Lucide icon name: ${name}`);
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('lucide-static/package.json'));
  const source = readFileSync(path.join(packageDir, 'icons', `${name}.svg`), 'utf8');
  const body = /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(source)?.[1];
  if (body === undefined) throw new Error(`${name}.svg has no <svg> element`);
  const elements: IconElement[] = [];
  const rest = body.replace(/<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/>/g, (_, tag: string, attributeText: string) => {
    const attributes: Record<string, string> = {};
    for (const [, key = '', value = ''] of attributeText.matchAll(/([\w-]+)="([^"]*)"/g)) attributes[key] = value;
    const element: IconElement = [tag, attributes];
    // Shapes only: the pictures inline these, so a link, script, style or text must never get through.
    if (!isIconShape(element)) throw new Error(`${name}.svg: unexpected <${tag}${attributeText}>`);
    elements.push(element);
    return '';
  });
  if (rest.trim() !== '') throw new Error(`${name}.svg: unexpected content ${rest.trim().slice(0, 60)}`);
  if (elements.length === 0) throw new Error(`${name}.svg draws nothing`);
  return elements;
}

/** The file's text: one icon a line, sorted by name, so a change reads as a small diff. */
export function iconTableText(names: readonly string[] = catalogIconNames()): string {
  const lines = names.map((name) => `  ${JSON.stringify(name)}: ${JSON.stringify(readLucideIcon(name))}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = catalogIconNames();
  writeFileSync(ICON_TABLE_FILE, iconTableText(names));
  console.log(`${path.relative(root, ICON_TABLE_FILE)}: ${names.length} icons`);
}
