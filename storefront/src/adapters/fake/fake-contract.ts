import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Address } from '@shop/core/domain/address';
import type { LegalDocument, OrderContract } from '@shop/core/domain/contract';
import { formatUsd } from '../../texts/money-format';

/** The demo seller the reference server names by default (SELLER_* in docs/api.md). */
export const FAKE_SELLER = {
  name: 'Storefront Demo Ticaret A.Ş.',
  address: 'Caferağa Mah. Moda Cad. No: 1, 34710 Kadıköy / İstanbul',
  taxId: 'Kadıköy V.D. 1234567890',
  mersis: '0123456789000015',
  email: 'destek@storefront.example',
  phone: '+90 216 000 00 00',
};

export const FAKE_CONTRACT_VERSION = 'mss-2026-11-27';

export interface FakeContractFacts {
  buyer: { name: string; email: string };
  lines: { prodName: string; prodPrice: number; quantity: number; lineTotal: number }[];
  productTotal: number;
  shippingFee: number;
  total: number;
  billingAddress: Omit<Address, 'isDefaultAddress'>;
  shippingAddress: Omit<Address, 'isDefaultAddress'>;
  paymentLabel: string;
}

const place = (address: FakeContractFacts['billingAddress']): string =>
  [address.receiverName, address.streetOrAvenue, address.stateName, address.countryName].filter(Boolean).join(', ');

/**
 * The two documents of D24 as the fakes render them: shorter than the reference server's
 * (api/src/legal/contract-documents.ts), the same shape, titles and facts, so every screen
 * shows in Storybook and the fake dev mode what a shopper reads.
 */
export function fakeContract(facts: FakeContractFacts): OrderContract {
  const parties = [
    `Satıcı: ${FAKE_SELLER.name}, ${FAKE_SELLER.address}, MERSİS ${FAKE_SELLER.mersis}, ${FAKE_SELLER.email}`,
    `Alıcı: ${facts.buyer.name}, ${facts.buyer.email}`,
    `Fatura adresi: ${place(facts.billingAddress)}`,
    `Teslimat adresi: ${place(facts.shippingAddress)}`,
  ].join('\n');
  const goods = [
    ...facts.lines.map((line) => `- ${line.prodName}: ${line.quantity} adet × ${formatUsd(line.prodPrice)} = ${formatUsd(line.lineTotal)}`),
    `Teslimat ücreti: ${facts.shippingFee === 0 ? 'Ücretsiz' : formatUsd(facts.shippingFee)}`,
    `Toplam ödenecek tutar (vergiler dahil): ${formatUsd(facts.total)}`,
    `Ödeme şekli: ${facts.paymentLabel}`,
  ].join('\n');
  const withdrawal =
    'Alıcı, malın teslim edildiği günden itibaren 14 (on dört) gün içinde hiçbir gerekçe göstermeksizin sözleşmeden cayma hakkına sahiptir.';
  const documents: LegalDocument[] = [
    { kind: 'pre-information', title: 'Ön Bilgilendirme Formu', text: [parties, goods, withdrawal].join('\n\n') },
    {
      kind: 'distance-sales',
      title: 'Mesafeli Satış Sözleşmesi',
      text: [`Madde 1. Taraflar\n${parties}`, `Madde 2. Mal ve bedeli\n${goods}`, `Madde 3. Cayma hakkı\n${withdrawal}`].join('\n\n'),
    },
  ];
  const text = documents.map((document) => `${document.title}\n\n${document.text}`).join('\n\n\n');
  return { version: FAKE_CONTRACT_VERSION, sha256: bytesToHex(sha256(utf8ToBytes(text))), documents };
}
