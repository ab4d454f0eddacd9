import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareForListing, normalizeSearchText } from '@shop/core/domain/product-search';
import { random } from '../../../../tests/bench/scale-catalog';
import { reachablePostgres } from '../../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../../testing/test-db';

const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

/** Names drawn from what shop names hold: both cases of the Turkish alphabet, other accents, digits, spaces and punctuation. */
const ALPHABET = [..."aAbBcCçÇdDeEfFgGğĞhHıIiİjJkKlLmMnNoOöÖpPrRsSşŞtTuUüÜvVyYzZqQwWxXéÉâÂîû0123456789      -.,'&()/"];
function names(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 8) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]!).join(''),
  );
}

describe.each(engines)('the catalogue engine SQL on $engine', ({ url }) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
  });
  afterAll(async () => {
    await t.close();
  });

  it("sorts names by name_key exactly as Intl.Collator('tr') does", async () => {
    const words = [
      'Çanta',
      'Cezve',
      'Zil',
      'ışık',
      'İnce',
      'ilk',
      'Ilık',
      'Işık',
      'a b',
      'a-b',
      'ab',
      'A',
      'a',
      'Ütü',
      'Uzun',
      'Öykü',
      'Oz',
    ];
    const sample = [...words, ...names(3000, 7)].map((name, index) => ({ id: String(index).padStart(6, '0'), name }));
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM unnest($1::text[], $2::text[]) AS v(id, name) ORDER BY catalog_name_key(name) COLLATE "und-x-icu", id`,
      [sample.map((entry) => entry.id), sample.map((entry) => entry.name)],
    );
    const expected = [...sample].sort(compareForListing).map((entry) => entry.id);
    expect(rows.map((row) => row.id)).toEqual(expected);
  });

  it('normalises search text as the shop does', async () => {
    const texts = [
      'Kulaklık',
      'IŞIK ışık İpek',
      'Çay-bardağı (6 lı)',
      "Türkiye'de tasarlandı",
      'Crème brûlée',
      '  Ünlü   ',
      ...names(2000, 11),
    ];
    const { rows } = await t.db.query<{ text: string }>(
      `SELECT catalog_search_text(t) AS text FROM unnest($1::text[]) WITH ORDINALITY AS v(t, n) ORDER BY n`,
      [texts],
    );
    expect(rows.map((row) => row.text)).toEqual(texts.map(normalizeSearchText));
  });
});
