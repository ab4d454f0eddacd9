/**
 * A generated catalogue for scale work (issue 16): 10,000 products in 2,000 categories five
 * levels deep, the same on every run (a seeded generator). Names and descriptions are composed
 * from Turkish word lists, so searches find realistic numbers of products. Category ids start at
 * 100000 and product ids with `b`, so it sits beside the demo catalogue (which the server seeds
 * at every start) without touching it; no category of it is named like another or like one of the
 * demo's, so the category tree shows no name twice.
 */
import { demoCategories } from '@shop/core/demo/demo-catalog';
import type { Collection } from '../../api/src/catalog/collection';
import { type CatalogCategory, type CatalogEntry, writeCatalog } from '../../api/src/catalog/write-catalog';
import { migrate } from '../../api/src/db/migrate';
import { migrations } from '../../api/src/db/migrations/all-migrations';
import { openDb } from '../../api/src/db/open-db';

export interface ScaleCatalog {
  categories: CatalogCategory[];
  products: CatalogEntry[];
}

export interface ScaleOptions {
  products?: number;
  categories?: number;
}

/** Categories per level, top first; the rest of the categories go to the last level. */
const LEVEL_SHARES = [0.004, 0.02, 0.08, 0.25];
const FIRST_CATEGORY_ID = 100_000;
const CREATED_FROM = Date.parse('2024-01-01T00:00:00Z');
const TWO_YEARS = 2 * 365 * 24 * 3_600_000;

/** The top level's departments: none of them one of the demo's (Elektronik, Moda...), which sit beside them. */
export const topNames = [
  'Teknoloji',
  'Mobilya ve Dekor',
  'Giyim ve Aksesuar',
  'Outdoor ve Kamp',
  'Ofis ve Kırtasiye',
  'Bebek ve Çocuk',
  'Bakım ve Güzellik',
  'Oyuncak ve Hobi',
];
export const categoryWords = [
  'Aksesuar',
  'Mutfak',
  'Banyo',
  'Bahçe',
  'Ofis',
  'Kamp',
  'Koşu',
  'Yüzme',
  'Ayakkabı',
  'Giyim',
  'Çanta',
  'Saat',
  'Takı',
  'Bilgisayar',
  'Telefon',
  'Ses',
  'Görüntü',
  'Aydınlatma',
  'Dekorasyon',
  'Tekstil',
  'Temizlik',
  'Bakım',
  'Oyun',
  'Hobi',
  'Müzik',
  'Sanat',
  'Kırtasiye',
  'Okul',
  'Bebek Odası',
  'Seyahat',
  'Bisiklet',
  'Fitness',
  'Kahve',
  'Çay',
  'Sofra',
];
export const adjectives = [
  'Kablosuz',
  'Akıllı',
  'Taşınabilir',
  'Katlanır',
  'Şarjlı',
  'Su Geçirmez',
  'Ergonomik',
  'Mini',
  'Büyük Boy',
  'Hafif',
  'Klasik',
  'Modern',
  'Retro',
  'Organik',
  'El Yapımı',
  'Profesyonel',
  'Çocuk',
  'Sessiz',
  'Hızlı',
  'Dijital',
  'Ahşap',
  'Isıtmalı',
  'Işıklı',
  'Yumuşak',
  'Dayanıklı',
  'Şık',
  'Günlük',
  'Kışlık',
  'Yazlık',
  'Çok Amaçlı',
];
export const materials = [
  'Çelik',
  'Bakır',
  'Deri',
  'Pamuk',
  'Yün',
  'Seramik',
  'Cam',
  'Bambu',
  'Alüminyum',
  'İpek',
  'Keten',
  'Porselen',
  'Mermer',
  'Siyah',
  'Beyaz',
  'Kırmızı',
  'Lacivert',
  'Yeşil',
  'Gri',
  'Altın Rengi',
  'Gümüş',
  'Turkuaz',
  'Bordo',
  'Krem',
];
export const nouns = [
  'Kulaklık',
  'Hoparlör',
  'Çanta',
  'Cüzdan',
  'Kol Saati',
  'Masa Lambası',
  'Çalışma Masası',
  'Sandalye',
  'Tencere',
  'Tava',
  'Çaydanlık',
  'Fincan Takımı',
  'Bardak',
  'Halı',
  'Yastık',
  'Battaniye',
  'Spor Ayakkabı',
  'Mont',
  'Gömlek',
  'Kazak',
  'Şemsiye',
  'Çadır',
  'Bisiklet',
  'Dolma Kalem',
  'Defter',
  'Oyuncak Araba',
  'Telefon Kılıfı',
  'Klavye',
  'Mouse',
  'Monitör',
  'Tablet',
  'Süpürge',
  'Ütü',
  'Blender',
  'Kahve Makinesi',
  'Semaver',
  'Cezve',
  'Tabak',
  'Vazo',
  'Ayna',
  'Sırt Çantası',
  'Uyku Tulumu',
  'Termos',
  'Matara',
  'Eşofman',
  'Bere',
  'Atkı',
  'Eldiven',
  'Nevresim Takımı',
  'Havlu',
];
export const models = ['', '', '', ' Pro', ' Plus', ' Lite', ' Max', ' Set', ' 2 li', ' XL'];
export const features = [
  'uzun pil ömrü',
  'kolay temizlenir',
  "İstanbul'da üretildi",
  'iki yıl garanti',
  'hediye paketiyle gönderilir',
  'gürültü engelleme',
  'bulaşık makinesinde yıkanabilir',
  'ışık geçirmez',
  'çizilmeye dayanıklı',
  "Türkiye'de tasarlandı",
  'ekonomik kullanım',
  'yumuşak dokulu kumaş',
  'paslanmaz yüzey',
  'kaymaz taban',
  'şık görünüm',
  'günlük kullanım için ideal',
  'çevre dostu ambalaj',
  'hızlı şarj desteği',
  'ısıya dayanıklı',
  'Anadolu motifleriyle süslenmiş',
];
const collectionNames: readonly Collection[] = ['new', 'popular', 'unusual', 'discounted'];

/** D25: the share of products sold in sizes (half of them in colours too), and of the others whose stock is tracked. */
const VARIANT_SHARE = 0.2;
const TRACKED_SHARE = 0.1;
const SIZES = ['S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44'];
const COLOURS = ['Siyah', 'Beyaz', 'Lacivert'];

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function scaleCatalog(options: ScaleOptions = {}): ScaleCatalog {
  const productCount = options.products ?? 10_000;
  const categoryCount = options.categories ?? 2_000;
  const next = random(16);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

  // Levels 1-4 by share, level 5 the rest; every category's parent is one level up, picked
  // with a skew so that subtrees differ in size as real shops' do.
  const perLevel = LEVEL_SHARES.map((share) => Math.max(1, Math.round(share * categoryCount)));
  perLevel.push(categoryCount - perLevel.reduce((sum, count) => sum + count, 0));
  const categories: CatalogCategory[] = [];
  const name = uniqueNames(demoCategories.map((category) => category.name));
  let previous: CatalogCategory[] = [];
  perLevel.forEach((count, level) => {
    const current: CatalogCategory[] = [];
    for (let i = 0; i < count; i += 1) {
      const categoryId = FIRST_CATEGORY_ID + categories.length + current.length;
      const parent = level === 0 ? null : previous[Math.floor(next() ** 1.5 * previous.length)]!;
      const wanted = level === 0 ? (topNames[i] ?? `${pick(categoryWords)} ${i + 1}`) : `${pick(categoryWords)} ${level + 1}.${i + 1}`;
      current.push({ categoryId, name: name(wanted), parentCategoryId: parent?.categoryId ?? null });
    }
    categories.push(...current);
    previous = current;
  });
  const parents = new Set(categories.map((category) => category.parentCategoryId));
  const leaves = categories.filter((category) => !parents.has(category.categoryId));

  const products: CatalogEntry[] = [];
  // Variants and stock from a generator of their own: every other field stays as it was before D25.
  const stockNext = random(25);
  for (let index = 0; index < productCount; index += 1) {
    const noun = pick(nouns);
    const name = `${pick(adjectives)} ${pick(materials)} ${noun}${pick(models)}`;
    const description =
      next() < 0.1
        ? null
        : `${pick(adjectives)} ${pick(materials).toLocaleLowerCase('tr')} ${noun.toLocaleLowerCase('tr')}: ${pick(features)}, ${pick(features)}.`;
    const collections = collectionNames.filter(() => next() < 0.02);
    products.push({
      id: `b${index.toString(16).padStart(23, '0')}`,
      name,
      description,
      price: next() < 0.05 ? null : Math.round(10 + next() ** 3 * 50_000) + (next() < 0.5 ? 0.9 : 0),
      categoryIds: [pick(leaves).categoryId],
      collections,
      imageCount: 1 + Math.floor(next() * 3),
      createdAt: CREATED_FROM + Math.floor(next() * TWO_YEARS),
      ...stockOf(index, noun, stockNext),
    });
  }
  return { categories, products };
}

/**
 * Product `index`'s options, variants and stock (D25), so filters can be measured at scale: a
 * share sold in sizes (shoe sizes for shoes), half of those in colours too, every combination a
 * variant (a tenth sold out, a tenth at a price of its own); a share of the rest with a tracked
 * stock (some 0); the rest untracked.
 */
function stockOf(index: number, noun: string, next: () => number): Pick<CatalogEntry, 'stock' | 'options' | 'variants'> {
  const kind = next();
  if (kind >= VARIANT_SHARE) return kind < VARIANT_SHARE + TRACKED_SHARE ? { stock: Math.floor(next() * 6) } : {};
  const sizes = noun.includes('Ayakkabı') ? SHOE_SIZES : SIZES;
  const options = [{ name: 'Beden', values: sizes }, ...(next() < 0.5 ? [{ name: 'Renk', values: COLOURS }] : [])];
  const combinations = options.reduce<string[][]>(
    (sofar, option) => sofar.flatMap((values) => option.values.map((value) => [...values, value])),
    [[]],
  );
  const variants = combinations.map((optionValues, position) => ({
    id: `c${index.toString(16).padStart(19, '0')}${position.toString(16).padStart(4, '0')}`,
    optionValues,
    stock: next() < 0.1 ? 0 : 1 + Math.floor(next() * 20),
    price: next() < 0.1 ? 10 + Math.round(next() * 500) : null,
  }));
  return { options, variants };
}

/** Hands back each name wanted, or, when it is taken already, the name with the first free number after it. */
function uniqueNames(taken: Iterable<string>): (wanted: string) => string {
  const names = new Set(taken);
  return (wanted) => {
    let name = wanted;
    for (let n = 2; names.has(name); n += 1) name = `${wanted} (${n})`;
    names.add(name);
    return name;
  };
}

/**
 * Migrates the database the server would open for `target` (PostgreSQL at `databaseUrl`, else
 * PGlite in `<dataDir>/pglite`) and writes the scale catalogue into it, through the seed's own
 * batched writer. Idempotent: a second run rewrites the same rows.
 */
export async function seedScaleCatalog(target: { databaseUrl?: string; dataDir: string }, options?: ScaleOptions): Promise<ScaleCatalog> {
  const catalog = scaleCatalog(options);
  const db = await openDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(db, migrations);
    await writeCatalog(db, catalog.categories, catalog.products);
  } finally {
    await db.close();
  }
  return catalog;
}
