import { type IconElement, productIcon } from './product-icons';

export interface ProductImageInput {
  productName: string;
  /** Picks the colours: products of one category share a hue. */
  categoryId: number;
  /** 1-based image number: picks the backdrop shape, so the images of one product differ. */
  position: number;
  /** The Lucide icon that shows what the product is (core/demo/product-icons.ts); an unknown one draws a parcel. */
  icon: string;
}

const SIZE = 800;
/*
 * Everything is drawn inside the middle band the shop shows of a picture: the product page crops
 * it to 66% of its width from the vertical centre (SPEC 9: y 136 to 664 here), cards and
 * thumbnails show 4:3 (y 100 to 700). So the backdrop (y 170 to 470) and two lines of name (down
 * to about y 618) are whole wherever the picture shows.
 */
const MAX_LINE_LENGTH = 20;
const MAX_LINES = 2;
const FONT_SIZE = 44;
const LINE_HEIGHT = 52;
/** The baseline of a one-line name; two lines sit around it. */
const NAME_BASELINE = 580;
/** The icon's 24x24 grid drawn 216 px wide, centred above the name. */
const ICON_SIZE = 216;
const ICON_CENTRE = { x: 400, y: 320 };
/** The backdrop's reach from the icon's centre: a disc's radius. */
const BACKDROP = 150;
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
  const firstBaseline = NAME_BASELINE - ((lines.length - 1) * LINE_HEIGHT) / 2;
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
    `<text font-family="Arial, Helvetica, sans-serif" font-size="${FONT_SIZE}" font-weight="bold" fill="hsl(${hue}, 45%, 22%)" text-anchor="middle">${text}</text>`,
    '</svg>',
  ].join('');
}

/** Behind the icon: a disc, a rounded square or a hexagon, by image position. */
function backdropShape(position: number, fill: string, edge: string): string {
  const { x, y } = ICON_CENTRE;
  const outline = `fill="${fill}" stroke="${edge}" stroke-width="5"`;
  switch ((position - 1) % 3) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="${BACKDROP}" ${outline}/>`;
    case 1: {
      const half = BACKDROP - 12;
      return `<rect x="${x - half}" y="${y - half}" width="${2 * half}" height="${2 * half}" rx="40" ${outline}/>`;
    }
    default: {
      const points = Array.from({ length: 6 }, (_, index) => {
        const angle = (Math.PI / 3) * index;
        return `${Math.round(x + (BACKDROP + 8) * Math.cos(angle))},${Math.round(y + (BACKDROP + 8) * Math.sin(angle))}`;
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
