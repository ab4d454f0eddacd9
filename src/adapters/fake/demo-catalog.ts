import type { Category } from '../../domain/category';
import type { Collection, Product } from '../../domain/product';

/** A catalogue product plus what the fake server filters by: its category and home collections. */
export interface DemoProduct extends Product {
  categoryId: number;
  collections: Collection[];
}

/**
 * The demo category tree: four top-level shops, three levels deep (Elektronik > Bilgisayar >
 * Dizüstü ...), English and Turkish names mixed as the shop shows them.
 */
export const demoCategories: Category[] = [
  { categoryId: 1, categoryName: 'Elektronik', parentCategoryId: null },
  { categoryId: 2, categoryName: 'Bilgisayar', parentCategoryId: 1 },
  { categoryId: 3, categoryName: 'Dizüstü Bilgisayar', parentCategoryId: 2 },
  { categoryId: 4, categoryName: 'Tablets', parentCategoryId: 2 },
  { categoryId: 5, categoryName: 'Telefon', parentCategoryId: 1 },
  { categoryId: 6, categoryName: 'Smartphones', parentCategoryId: 5 },
  { categoryId: 7, categoryName: 'Aksesuar', parentCategoryId: 5 },
  { categoryId: 8, categoryName: 'Ev & Yaşam', parentCategoryId: null },
  { categoryId: 9, categoryName: 'Mutfak', parentCategoryId: 8 },
  { categoryId: 10, categoryName: 'Coffee', parentCategoryId: 9 },
  { categoryId: 11, categoryName: 'Pişirme', parentCategoryId: 9 },
  { categoryId: 12, categoryName: 'Dekorasyon', parentCategoryId: 8 },
  { categoryId: 13, categoryName: 'Moda', parentCategoryId: null },
  { categoryId: 14, categoryName: 'Ayakkabı', parentCategoryId: 13 },
  { categoryId: 15, categoryName: 'Bags', parentCategoryId: 13 },
  { categoryId: 16, categoryName: 'Hobi', parentCategoryId: null },
  { categoryId: 17, categoryName: 'Kitap', parentCategoryId: 16 },
];

const PALETTE = ['#2f6f8f', '#8f3f2f', '#3f8f4f', '#6f4f9f', '#9f7f2f', '#2f8f8f', '#9f3f6f', '#4f5f7f'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A product picture drawn in code: a coloured card with the product's name (D10: no external
 * host). Explicit width/height so a canvas can draw it (the product page crops every image).
 */
export function demoImage(name: string, colour: string, index: number, count: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">` +
    `<rect width="800" height="600" fill="${colour}"/>` +
    `<rect x="40" y="40" width="720" height="520" rx="32" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>` +
    `<text x="400" y="290" font-family="sans-serif" font-size="52" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(name)}</text>` +
    `<text x="400" y="370" font-family="sans-serif" font-size="32" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${index} / ${count}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Server-like ids: 24 hex characters (the server's are 16 or more). */
export function demoProductId(n: number): string {
  return `64f1a2b3c4d5e6f7a8b9${n.toString(16).padStart(4, '0')}`;
}

interface Seed {
  name: string;
  categoryId: number;
  price?: number;
  description?: string;
  collections: Collection[];
  imageCount: 2 | 3;
}

// Prices: a few above the 20000 free-shipping threshold (D1), many cheap ones; one without price.
const seeds: Seed[] = [
  { name: 'UltraBook Pro 16', categoryId: 3, price: 32999, description: '16 inch laptop with a 14-core processor and 32 GB memory.', collections: ['new', 'popular'], imageCount: 3 },
  { name: 'Öğrenci Laptop 14', categoryId: 3, price: 12499.9, description: 'Hafif ve uzun pil ömürlü öğrenci dizüstü bilgisayarı.', collections: ['discounted'], imageCount: 2 },
  { name: 'Gaming Beast X', categoryId: 3, price: 45500, collections: ['unusual', 'popular'], imageCount: 3 },
  { name: 'Tab S Lite', categoryId: 4, price: 6999, description: '10.4 inch tablet for reading and video.', collections: ['discounted', 'new'], imageCount: 2 },
  { name: 'Çizim Tableti Pro', categoryId: 4, price: 21999, description: 'Kalemli, 12.9 inç çizim tableti.', collections: ['unusual'], imageCount: 3 },
  { name: 'Kids Tab', categoryId: 4, price: 2499.5, collections: ['popular'], imageCount: 2 },
  { name: 'Phone 15 Max', categoryId: 6, price: 24999, description: 'Flagship phone with a triple camera.', collections: ['new', 'popular'], imageCount: 3 },
  { name: 'Akıllı Telefon A5', categoryId: 6, price: 8999, description: 'Günlük kullanım için uygun fiyatlı telefon.', collections: ['discounted'], imageCount: 2 },
  { name: 'Flip Phone Retro', categoryId: 6, price: 1999, collections: ['unusual'], imageCount: 2 },
  { name: 'Şarj Kablosu USB-C', categoryId: 7, price: 9.9, description: '1 metre örgülü USB-C kablo.', collections: ['discounted', 'popular'], imageCount: 2 },
  { name: 'Phone Case Clear', categoryId: 7, price: 19.5, collections: ['new'], imageCount: 2 },
  { name: 'Solar Power Bank', categoryId: 7, price: 349, description: 'Charges in the sun, 20000 mAh.', collections: ['unusual'], imageCount: 3 },
  { name: 'Espresso Makinesi Deluxe', categoryId: 10, price: 21500, description: 'Çift kazanlı, profesyonel espresso makinesi.', collections: ['popular', 'new'], imageCount: 3 },
  { name: 'French Press', categoryId: 10, price: 24.5, description: 'Glass French press, 1 litre.', collections: ['discounted'], imageCount: 2 },
  { name: 'Türk Kahvesi Cezvesi', categoryId: 10, price: 149, description: 'El yapımı bakır cezve.', collections: ['unusual', 'popular'], imageCount: 2 },
  { name: 'Kahve Çekirdeği 1 kg', categoryId: 10, collections: ['new'], imageCount: 2 },
  { name: 'Döküm Tencere', categoryId: 11, price: 1899, description: 'Emaye kaplı döküm tencere, 24 cm.', collections: ['popular'], imageCount: 3 },
  { name: 'Chef Knife Set', categoryId: 11, price: 799, collections: ['discounted'], imageCount: 2 },
  { name: 'Wok Tava', categoryId: 11, price: 459, description: 'Yapışmaz wok tava, 32 cm.', collections: ['new'], imageCount: 2 },
  { name: 'Duvar Saati', categoryId: 12, price: 329, collections: ['unusual'], imageCount: 2 },
  { name: 'Floor Lamp Arc', categoryId: 12, price: 2199, description: 'Arc floor lamp with a marble base.', collections: ['new', 'discounted'], imageCount: 3 },
  { name: 'Kilim Yastık', categoryId: 12, price: 189.9, collections: ['popular'], imageCount: 2 },
  { name: 'Koşu Ayakkabısı', categoryId: 14, price: 1299, description: 'Nefes alan file yüzeyli koşu ayakkabısı.', collections: ['popular', 'discounted'], imageCount: 3 },
  { name: 'Leather Boots', categoryId: 14, price: 2899, description: 'Hand-stitched leather boots.', collections: ['new'], imageCount: 2 },
  { name: 'Glow Sneakers', categoryId: 14, price: 999, collections: ['unusual'], imageCount: 2 },
  { name: 'Deri Sırt Çantası', categoryId: 15, price: 1599, description: 'Gerçek deri, laptop bölmeli sırt çantası.', collections: ['new'], imageCount: 2 },
  { name: 'Tote Bag Canvas', categoryId: 15, price: 59.9, collections: ['discounted'], imageCount: 2 },
  { name: 'Designer Handbag', categoryId: 15, price: 27500, description: 'Limited edition designer handbag.', collections: ['unusual', 'popular'], imageCount: 3 },
  { name: 'Roman: Kürk Mantolu Madonna', categoryId: 17, price: 45, description: 'Sabahattin Ali’nin klasik romanı.', collections: ['popular'], imageCount: 2 },
  { name: 'Cookbook of Anatolia', categoryId: 17, price: 89.5, collections: ['new', 'unusual'], imageCount: 2 },
  { name: 'Puzzle 1000 Parça', categoryId: 17, price: 129, description: 'İstanbul manzaralı 1000 parça yapboz.', collections: ['discounted', 'unusual'], imageCount: 2 },
];

/** ~30 products in the leaf categories, each tagged for the home collections (D3). */
export const demoProducts: DemoProduct[] = seeds.map((seed, index) => {
  const colour = PALETTE[index % PALETTE.length] ?? '#555555';
  const images = Array.from({ length: seed.imageCount }, (_, i) => demoImage(seed.name, colour, i + 1, seed.imageCount));
  const product: DemoProduct = {
    _id: demoProductId(index + 1),
    prodName: seed.name,
    images,
    categoryId: seed.categoryId,
    collections: seed.collections,
  };
  if (seed.description !== undefined) product.prodDescription = seed.description;
  if (seed.price !== undefined) product.prodPrice = seed.price;
  return product;
});

/** The product as the catalogue port answers it: without the fake's filter fields. */
export function toProduct({ categoryId: _categoryId, collections: _collections, ...product }: DemoProduct): Product {
  return { ...product, images: [...product.images] };
}
