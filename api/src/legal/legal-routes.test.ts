import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { CONSENT_VERSIONS } from './consents';
import { BLANK } from './contract-documents';
import type { LegalTexts } from './legal-routes';

let s: TestServer;
beforeAll(async () => {
  s = await build({
    env: {
      SELLER_NAME: 'Moda Ticaret Ltd. Şti.',
      SELLER_ADDRESS: 'Moda Cad. No: 5, Kadıköy / İstanbul',
      SELLER_TAX_ID: 'Kadıköy V.D. 9876543210',
      SELLER_MERSIS: '0987654321000011',
      SELLER_EMAIL: 'kvkk@moda.example',
      SELLER_PHONE: '+90 216 111 11 11',
    },
  });
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/legal', () => {
  it('answers the seller of the settings, the privacy notice naming them, and the blank contract templates', async () => {
    const response = await s.request({ method: 'GET', url: '/api/legal' });
    expect(response.statusCode).toBe(200);
    const texts = response.json<LegalTexts>();
    expect(texts.seller).toEqual({
      name: 'Moda Ticaret Ltd. Şti.',
      address: 'Moda Cad. No: 5, Kadıköy / İstanbul',
      taxId: 'Kadıköy V.D. 9876543210',
      mersis: '0987654321000011',
      email: 'kvkk@moda.example',
      phone: '+90 216 111 11 11',
    });

    // The version a sign-up's consent records is the one the page shows.
    expect(texts.privacyNotice.version).toBe(CONSENT_VERSIONS['privacy-notice']);
    expect(texts.privacyNotice.title).toBe('Kişisel Verilerin Korunması Hakkında Aydınlatma Metni');
    const notice = texts.privacyNotice.text;
    expect(notice).toContain('veri sorumlusu Mağaza');
    expect(notice).toContain('Moda Ticaret Ltd. Şti.');
    expect(notice).toContain('kvkk@moda.example');
    expect(notice).toContain('madde 11');
    expect(notice).toContain('"Download my data"');
    expect(notice).toContain('"Delete my account"');
    expect(notice).not.toContain('Storefront Demo');

    expect(texts.terms.documents.map((document) => [document.kind, document.title])).toEqual([
      ['pre-information', 'Ön Bilgilendirme Formu'],
      ['distance-sales', 'Mesafeli Satış Sözleşmesi'],
    ]);
    for (const document of texts.terms.documents) {
      expect(document.text).toContain('MERSİS numarası: 0987654321000011');
      expect(document.text).toContain(`Ad soyad: ${BLANK}`);
      expect(document.text).toContain('14 (on dört) gün');
    }
  });

  it('is public and cacheable: Cache-Control, an ETag, and 304 when the client has it', async () => {
    const first = await s.request({ method: 'GET', url: '/api/legal' });
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await s.request({ method: 'GET', url: '/api/legal', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
