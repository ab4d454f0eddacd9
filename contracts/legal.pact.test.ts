import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../storefront/src/adapters/http/catalog-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { verifyInteraction } from './support/contract-pact';

const { arrayContaining, regex, string } = MatchersV3;

const gateway = (http: HttpClient): CatalogHttpGateway => new CatalogHttpGateway(http);

describe('the legal texts (D24)', () => {
  it('GET /api/legal answers the seller, the privacy notice with its version and the two contract templates', async () => {
    await verifyInteraction({
      given: {},
      uponReceiving: 'a request for the legal texts',
      request: { method: 'GET', path: '/api/legal' },
      response: {
        status: 200,
        body: {
          seller: {
            name: string('Storefront Demo Ticaret A.Ş.'),
            address: string('Caferağa Mah. Moda Cad. No: 1, 34710 Kadıköy / İstanbul'),
            taxId: string('Kadıköy V.D. 1234567890'),
            mersis: string('0123456789000015'),
            email: regex('^[^@\\s]+@[^@\\s]+$', 'destek@storefront.example'),
            phone: string('+90 216 000 00 00'),
          },
          privacyNotice: {
            version: regex('^\\S+$', 'kvkk-2026-11-27'),
            title: string('Kişisel Verilerin Korunması Hakkında Aydınlatma Metni'),
            text: string('1. Veri sorumlusu\nUnvan: Storefront Demo Ticaret A.Ş.'),
          },
          terms: {
            version: regex('^\\S+$', 'mss-2026-11-27'),
            documents: arrayContaining(
              {
                kind: 'pre-information',
                title: string('Ön Bilgilendirme Formu'),
                text: string('1. Satıcı\nUnvan: Storefront Demo Ticaret A.Ş.'),
              },
              { kind: 'distance-sales', title: string('Mesafeli Satış Sözleşmesi'), text: string('Madde 1. Taraflar\nSATICI') },
            ),
          },
        },
      },
      test: async ({ http }) => {
        const texts = await gateway(http).getLegalTexts();
        expect(texts.ok && texts.data.privacyNotice.version).toBe('kvkk-2026-11-27');
        expect(texts.ok && texts.data.terms.documents.map((document) => document.kind)).toEqual(['pre-information', 'distance-sales']);
        const seller = await gateway(http).getSeller();
        expect(seller.ok && seller.data.mersis).toBe('0123456789000015');
      },
    });
  });
});
