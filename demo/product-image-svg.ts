export interface ProductImageInput {
  productName: string;
  /** Picks the background colour: products of one category share a hue. */
  categoryId: number;
  /** 1-based image number: picks the shape, so the images of one product differ. */
  position: number;
}

const SIZE = 800;
const MAX_LINE_LENGTH = 18;
const MAX_LINES = 3;

/**
 * A deterministic 800x800 SVG picture of a product (D10: the server makes its own images, no
 * external host). Explicit width/height so a canvas can draw it; the name is XML-escaped, and the
 * picture carries no script or external reference.
 */
export function renderProductImageSvg({ productName, categoryId, position }: ProductImageInput): string {
  // Golden-angle steps keep neighbouring category ids far apart on the colour wheel.
  const hue = Math.round((categoryId * 137.508) % 360);
  const background = `hsl(${hue}, 55%, 88%)`;
  const accent = `hsl(${hue}, 60%, 45%)`;
  const lines = wrap(productName);
  const firstBaseline = 600 - ((lines.length - 1) * 56) / 2;
  const text = lines.map((line, index) => `<tspan x="400" y="${firstBaseline + index * 56}">${escapeXml(line)}</tspan>`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<title>${escapeXml(productName)}</title>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${background}"/>`,
    shape(position, accent),
    `<text font-family="Arial, Helvetica, sans-serif" font-size="48" font-weight="bold" fill="hsl(${hue}, 45%, 22%)" text-anchor="middle">${text}</text>`,
    '</svg>',
  ].join('');
}

function shape(position: number, fill: string): string {
  switch ((position - 1) % 3) {
    case 0:
      return `<circle cx="400" cy="300" r="190" fill="${fill}"/>`;
    case 1:
      return `<rect x="220" y="120" width="360" height="360" rx="48" fill="${fill}"/>`;
    default:
      return `<polygon points="400,100 600,480 200,480" fill="${fill}"/>`;
  }
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
