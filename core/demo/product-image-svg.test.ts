import { describe, expect, it } from 'vitest';
import { productIcon } from './product-icons';
import { renderProductImageSvg } from './product-image-svg';

const base = { productName: 'Bakır Cezve', categoryId: 211, position: 1, icon: 'coffee' };

/** The fill of the full-size background rectangle. */
const background = (svg: string) => /<rect width="800" height="800" fill="([^"]+)"/.exec(svg)?.[1];
/** What is drawn behind the icon. */
const backdrop = (svg: string) => /<g class="backdrop">(.*?)<\/g>/.exec(svg)?.[1];
/** The icon's group, shapes included. */
const iconGroup = (svg: string) => /<g class="icon"[^>]*>(.*?)<\/g>/.exec(svg)?.[1];
const numberIn = (shape: string, attribute: string) => Number(new RegExp(` ${attribute}="([\\d.]+)"`).exec(shape)?.[1]);
/** The top and bottom of a backdrop (a disc, a rounded square or a hexagon). */
function verticalReach(shape: string): [number, number] {
  if (shape.startsWith('<circle')) return [numberIn(shape, 'cy') - numberIn(shape, 'r'), numberIn(shape, 'cy') + numberIn(shape, 'r')];
  if (shape.startsWith('<rect')) return [numberIn(shape, 'y'), numberIn(shape, 'y') + numberIn(shape, 'height')];
  const ys = (/points="([^"]+)"/.exec(shape)?.[1] ?? '').split(' ').map((point) => Number(point.split(',')[1]));
  return [Math.min(...ys), Math.max(...ys)];
}

describe('renderProductImageSvg', () => {
  it('is an 800x800 SVG with explicit size, so a canvas can draw it', () => {
    expect(renderProductImageSvg(base)).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="800" viewBox="0 0 800 800">/,
    );
  });

  it('escapes the product name so it cannot inject markup', () => {
    const svg = renderProductImageSvg({ ...base, productName: `<script>alert("x")</script> & 'co'` });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('&amp; &apos;co&apos;');
  });

  it('draws the product’s icon inline, large and centred, with the name below', () => {
    const svg = renderProductImageSvg(base);
    const shapes = productIcon('coffee');
    expect(shapes.length).toBeGreaterThan(0);
    for (const [, attributes] of shapes) if (attributes.d) expect(iconGroup(svg)).toContain(`d="${attributes.d}"`);
    // The 24-unit icon grid scaled to 216 px around (400, 320); the name's baseline below it.
    expect(svg).toContain('transform="translate(292 212) scale(9)"');
    expect(svg).toMatch(/<tspan x="400" y="580">Bakır Cezve<\/tspan>/);
    expect(renderProductImageSvg({ ...base, icon: 'laptop' })).not.toBe(svg);
  });

  it('links, scripts and styles nothing: only shapes and text', () => {
    const svg = renderProductImageSvg({ ...base, icon: 'perfume-bottle' });
    expect(svg).not.toMatch(/href|<script|<image|<use|<style|<foreignObject|url\(|on\w+=/i);
    const tags = new Set([...svg.matchAll(/<(\w+)/g)].map((match) => match[1]));
    for (const tag of tags)
      expect(['svg', 'title', 'rect', 'g', 'circle', 'path', 'line', 'ellipse', 'polygon', 'polyline', 'text', 'tspan']).toContain(tag);
  });

  it('draws a parcel for an icon it does not know', () => {
    const unknown = renderProductImageSvg({ ...base, icon: 'no-such-icon' });
    expect(iconGroup(unknown)).toBe(iconGroup(renderProductImageSvg({ ...base, icon: 'package' })));
    expect(iconGroup(unknown)).not.toBe('');
  });

  it('colours by category and changes the backdrop by position', () => {
    const svg = renderProductImageSvg(base);
    const otherCategory = renderProductImageSvg({ ...base, categoryId: 212 });
    const positions = [1, 2, 3].map((position) => renderProductImageSvg({ ...base, position }));
    expect(background(svg)).toBeDefined();
    expect(background(otherCategory)).not.toBe(background(svg));
    expect(new Set(positions.map(background)).size).toBe(1);
    expect(new Set(positions.map(backdrop)).size).toBe(3);
    expect(backdrop(positions[0]!)).toContain('<circle');
    // Every image of a product shows the same icon.
    expect(new Set(positions.map(iconGroup)).size).toBe(1);
    expect(renderProductImageSvg({ ...base, position: 4 })).toBe(positions[0]);
  });

  it('wraps a long name into at most two lines', () => {
    const svg = renderProductImageSvg({
      ...base,
      productName: 'Çok Uzun Bir Ürün Adı Olan Ve Asla Tek Satıra Sığmayacak Bir Ürün Adı Daha',
    });
    expect(svg.match(/<tspan/g)).toHaveLength(2);
    expect(svg).toContain('…');
  });

  it('draws inside the band the shop shows when it crops to 66% of the width (SPEC 9)', () => {
    const cropTop = (800 - 800 * 0.66) / 2;
    const cropBottom = 800 - cropTop;
    for (const position of [1, 2, 3]) {
      const svg = renderProductImageSvg({ ...base, position, productName: 'Akıllı Telefon Pro 256 GB Gece Mavisi' });
      const [top, bottom] = verticalReach(backdrop(svg)!);
      const baselines = [...svg.matchAll(/<tspan x="400" y="(\d+)"/g)].map((match) => Number(match[1]));
      expect(baselines).toHaveLength(2);
      expect(top).toBeGreaterThan(cropTop);
      // Clear of the name's first line (44 px letters), whose last line's descenders end inside the band.
      expect(bottom).toBeLessThan(Math.min(...baselines) - 44);
      expect(Math.max(...baselines) + 12).toBeLessThan(cropBottom);
    }
  });
});
