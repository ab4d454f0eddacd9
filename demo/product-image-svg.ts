import { type IconElement, productIcon } from './product-icons';

export interface ProductImageInput {
  productName: string;
  /** Picks the colours: products of one category share a hue. */
  categoryId: number;
  /** 1-based image number: picks the backdrop shape, so the images of one product differ. */
  position: number;
  /** The Lucide icon that shows what the product is (demo/product-icons.ts); an unknown one draws a parcel. */
  icon: string;
}

const SIZE = 800;
const MAX_LINE_LENGTH = 18;
const MAX_LINES = 3;
const LINE_HEIGHT = 56;
/** The icon's 24x24 grid drawn 360 px wide, centred above the name. */
const ICON_SIZE = 360;
const ICON_CENTRE = { x: 400, y: 300 };
/** Lucide draws at stroke width 2 on 24 px; a little lighter reads better this large. */
const ICON_STROKE = 1.75;

/**
 * A deterministic 800x800 SVG picture of a product (D10: the server makes its own images, no
 * external host): the product's icon large and centred on a backdrop in its category's colours, its
 * name below. Explicit width/height so a canvas can draw it; the name and every icon value are
 * XML-escaped, and the picture carries no script or external reference (the icon's shapes are
 * inlined, never linked).
 */
export function renderProductImageSvg({ productName, categoryId, position, icon }: ProductImageInput): string {
  // Golden-angle steps keep neighbouring category ids far apart on the colour wheel.
  const hue = Math.round((categoryId * 137.508) % 360);
  const background = `hsl(${hue}, 55%, 88%)`;
  const backdrop = `hsl(${hue}, 60%, 96%)`;
  const ink = `hsl(${hue}, 60%, 32%)`;
  const lines = wrap(productName);
  const firstBaseline = 660 - ((lines.length - 1) * LINE_HEIGHT) / 2;
  const text = lines.map((line, index) => `<tspan x="400" y="${firstBaseline + index * LINE_HEIGHT}">${escapeXml(line)}</tspan>`).join('');
  const scale = ICON_SIZE / 24;
  const origin = { x: ICON_CENTRE.x - ICON_SIZE / 2, y: ICON_CENTRE.y - ICON_SIZE / 2 };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<title>${escapeXml(productName)}</title>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${background}"/>`,
    `<g class="backdrop">${backdropShape(position, backdrop, `hsl(${hue}, 50%, 78%)`)}</g>`,
    `<g class="icon" transform="translate(${origin.x} ${origin.y}) scale(${scale})" fill="none" stroke="${ink}" stroke-width="${ICON_STROKE}" stroke-linecap="round" stroke-linejoin="round">`,
    productIcon(icon)
      .map((element) => iconElement(element, ink))
      .join(''),
    '</g>',
    `<text font-family="Arial, Helvetica, sans-serif" font-size="48" font-weight="bold" fill="hsl(${hue}, 45%, 22%)" text-anchor="middle">${text}</text>`,
    '</svg>',
  ].join('');
}

/** Behind the icon: a disc, a rounded square or a hexagon, by image position. */
function backdropShape(position: number, fill: string, edge: string): string {
  const { x, y } = ICON_CENTRE;
  const outline = `fill="${fill}" stroke="${edge}" stroke-width="6"`;
  switch ((position - 1) % 3) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="240" ${outline}/>`;
    case 1:
      return `<rect x="${x - 220}" y="${y - 220}" width="440" height="440" rx="64" ${outline}/>`;
    default: {
      const points = Array.from({ length: 6 }, (_, index) => {
        const angle = (Math.PI / 3) * index;
        return `${Math.round(x + 250 * Math.cos(angle))},${Math.round(y + 250 * Math.sin(angle))}`;
      });
      return `<polygon points="${points.join(' ')}" ${outline}/>`;
    }
  }
}

/** One shape of the icon, attributes escaped; `fill="currentColor"` (Lucide's dots) takes the ink. */
function iconElement([tag, attributes]: IconElement, ink: string): string {
  const rendered = Object.entries(attributes)
    .map(([key, value]) => `${key}="${escapeXml(key === 'fill' && value === 'currentColor' ? ink : value)}"`)
    .join(' ');
  return `<${tag} ${rendered}/>`;
}

/** Greedy word wrap; an overlong tail is cut with an ellipsis. */
function wrap(name: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= MAX_LINE_LENGTH || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]}…`;
  return kept;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
