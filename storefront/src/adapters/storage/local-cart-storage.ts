import { z } from 'zod/mini';
import { cartLine } from '@shop/core/domain/cart';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { CartStorage } from '@shop/core/ports/cart-storage';
import { toProduct, wireProductSchema } from '../http/wire/catalog-wire';
import { wireId } from '../http/wire/wire-text';

export const CART_KEY = 'cartItems';

const quantity = z.int().check(z.minimum(1));

/** The variant bought (D25): absent from SPEC's lines and from lines of products without variants. */
const variantFields = { variantId: z.optional(wireId), variantLabel: z.optional(z.string()) };

/** A line as SPEC 3 and D15 store it: the product exactly as the API sends it, plus quantity (and the variant, D25). */
const specLineSchema = z.extend(wireProductSchema, { quantity, ...variantFields });

/** A line as the shop wrote it before D15: the product with an `images` list. */
const previousLineSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  prodName: z.string(),
  prodDescription: z.optional(z.string()),
  images: z.array(z.string()),
  prodPrice: z.optional(z.number()),
  quantity,
  ...variantFields,
}) satisfies z.ZodMiniType<CartItem>;

/** The stored form of a cart line: fixed fields, then prodImg1..N in order, then quantity, then the variant (D25). */
function toStoredLine(item: CartItem): Record<string, string | number> {
  const line: Record<string, string | number> = { _id: item._id, prodName: item.prodName };
  if (item.prodDescription !== undefined) line.prodDescription = item.prodDescription;
  if (item.prodPrice !== undefined) line.prodPrice = item.prodPrice;
  item.images.forEach((url, index) => {
    line[`prodImg${index + 1}`] = url;
  });
  line.quantity = item.quantity;
  if (item.variantId !== undefined) line.variantId = item.variantId;
  if (item.variantLabel !== undefined) line.variantLabel = item.variantLabel;
  return line;
}

/**
 * The cart in the browser's storage under `cartItems` (SPEC 3 and 9, D15), written in SPEC's shape
 * plus the line's `variantId` and `variantLabel` when it has a variant (D25). Reading accepts that
 * shape (lines without the variant fields too) and the shop's earlier `images` shape; a line that
 * cannot be read is dropped alone. Anything missing or unparsable reads as an empty cart. Storage failures are only
 * logged, never with the cart's content (SPEC 8).
 */
export class LocalCartStorage implements CartStorage {
  /**
   * @param imageBaseUrl the API host, against which stored server image paths resolve as the
   *   catalogue's do; absolute image URLs (what the shop itself writes) stay as they are.
   */
  constructor(
    private readonly storage: Storage = window.localStorage,
    private readonly imageBaseUrl = '',
  ) {}

  load(): CartItem[] {
    let raw: string | null;
    try {
      raw = this.storage.getItem(CART_KEY);
    } catch {
      console.error('Could not read the cart from local storage');
      return [];
    }
    if (raw === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      console.error('The stored cart is not valid JSON; starting with an empty cart');
      return [];
    }
    if (!Array.isArray(value)) {
      console.error('The stored cart is not a list; starting with an empty cart');
      return [];
    }
    const items = value.flatMap((line: unknown) => this.readLine(line));
    const dropped = value.length - items.length;
    if (dropped > 0) console.error(`Dropped ${dropped} unreadable line(s) of the stored cart`);
    return items;
  }

  save(items: readonly CartItem[]): void {
    try {
      this.storage.setItem(CART_KEY, JSON.stringify(items.map(toStoredLine)));
    } catch {
      console.error('Could not write the cart to local storage');
    }
  }

  private readLine(line: unknown): CartItem[] {
    // An `images` key marks the earlier shape; the SPEC shape's loose schema would ignore it.
    if (typeof line === 'object' && line !== null && 'images' in line) {
      const previous = previousLineSchema.safeParse(line);
      return previous.success ? [previous.data] : [];
    }
    const spec = specLineSchema.safeParse(line);
    if (!spec.success) return [];
    const { quantity, variantId, variantLabel } = spec.data;
    const item = cartLine(toProduct(spec.data, this.imageBaseUrl), quantity);
    if (variantId !== undefined) item.variantId = variantId;
    if (variantLabel !== undefined) item.variantLabel = variantLabel;
    return [item];
  }
}
