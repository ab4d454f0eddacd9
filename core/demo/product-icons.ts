import table from './product-icons.json';

/** One drawing element of a 24x24 Lucide icon: a shape tag and its attributes (coordinates, path data). */
export type IconElement = [tag: string, attributes: Record<string, string>];

/** The picture of anything the catalogue names no icon for (or an icon the table lacks). */
export const FALLBACK_ICON = 'package';

/** What an icon may hold: shapes with coordinates, never a link, script, style or text. */
const SHAPES = new Set(['path', 'circle', 'ellipse', 'line', 'polygon', 'polyline', 'rect']);
const ATTRIBUTES = new Set(['d', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height', 'points', 'fill']);
/** Numbers and path commands (and `currentColor`/`none` for fill). */
const VALUE = /^[-0-9a-zA-Z.,\s]*$/;

export function isIconShape([tag, attributes]: IconElement): boolean {
  return SHAPES.has(tag) && Object.entries(attributes).every(([key, value]) => ATTRIBUTES.has(key) && VALUE.test(value));
}

/**
 * The icons the demo catalogue names (catalog.json `icon`), by Lucide name. The table is generated
 * from the lucide-static package by `npm run demo:icons` (scripts/generate-demo-icons.ts keeps only
 * shape elements and coordinates), so the pictures need no package at run time and the browser fakes
 * carry only these few icons.
 */
const icons = table as unknown as Readonly<Record<string, readonly IconElement[]>>;

/** The icon's shapes; anything but a plain shape is left out, whatever the table holds. */
export function productIcon(name: string): IconElement[] {
  return (icons[name] ?? icons[FALLBACK_ICON] ?? []).filter(isIconShape);
}

/** Whether the table has this icon (the data test checks every icon the catalogue names). */
export function hasProductIcon(name: string): boolean {
  return Object.hasOwn(icons, name);
}
