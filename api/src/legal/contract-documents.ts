import { createHash } from 'node:crypto';
import type { Seller } from '../config';

/**
 * The two documents Turkish law asks a shopper to read and confirm before a distance sale (D24):
 * the pre-information form (Ön Bilgilendirme Formu) and the distance sales contract (Mesafeli Satış
 * Sözleşmesi), Mesafeli Sözleşmeler Yönetmeliği articles 5 and 6. The server fills them in from
 * its own priced order; a client only ever shows what the server rendered (POST /api/orders/contract).
 * A change of wording is a new CONTRACT_TEMPLATE_VERSION: every order stores the version it was sold under.
 */
export const CONTRACT_TEMPLATE_VERSION = 'mss-2026-11-27';

export const DOCUMENT_KINDS = ['pre-information', 'distance-sales'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface LegalDocument {
  kind: DocumentKind;
  title: string;
  text: string;
}

export interface ContractParty {
  name: string;
  email: string;
  phone: string;
}

export interface ContractLine {
  name: string;
  quantity: number;
  /** US dollars (D8), as the order states them. */
  unitPrice: number;
  lineTotal: number;
}

/** What fills the templates: the seller, the buyer, the server-priced order, the addresses, the payment. */
export interface ContractFacts {
  seller: Seller;
  buyer: ContractParty;
  lines: ContractLine[];
  productTotal: number;
  shippingFee: number;
  total: number;
  /** Address lines as a label prints them. */
  billingAddress: string[];
  shippingAddress: string[];
  paymentLabel: string;
}

export interface RenderedContract {
  version: string;
  documents: LegalDocument[];
  /** SHA-256 (hex) of `contractText(documents)`: what the shopper accepted, provably. */
  sha256: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** `$1,234.50 (ABD Doları)`: the amounts as the order states them (D8). */
const money = (amount: number) => `${usd.format(amount)} (ABD Doları)`;

/** Shown where a fact is not known yet, e.g. on /terms, where no order fills the templates. */
export const BLANK = '……';

function sellerBlock(seller: Seller): string[] {
  return [
    `Unvan: ${seller.name}`,
    `Adres: ${seller.address}`,
    `Vergi dairesi ve numarası: ${seller.taxId}`,
    `MERSİS numarası: ${seller.mersis}`,
    `Telefon: ${seller.phone}`,
    `E-posta: ${seller.email}`,
  ];
}

function buyerBlock(facts: ContractFacts): string[] {
  return [
    `Ad soyad: ${facts.buyer.name}`,
    `E-posta: ${facts.buyer.email}`,
    `Telefon: ${facts.buyer.phone || BLANK}`,
    `Fatura adresi: ${facts.billingAddress.join(', ') || BLANK}`,
    `Teslimat adresi: ${facts.shippingAddress.join(', ') || BLANK}`,
  ];
}

function goodsBlock(facts: ContractFacts): string[] {
  const lines = facts.lines.map((line) => `- ${line.name}: ${line.quantity} adet × ${money(line.unitPrice)} = ${money(line.lineTotal)}`);
  return [
    ...(lines.length > 0 ? lines : [`- ${BLANK}`]),
    `Ürünler toplamı (vergiler dahil): ${facts.lines.length > 0 ? money(facts.productTotal) : BLANK}`,
    `Teslimat (kargo) ücreti: ${facts.lines.length === 0 ? BLANK : facts.shippingFee === 0 ? 'Ücretsiz' : money(facts.shippingFee)}`,
    `Toplam ödenecek tutar (vergiler dahil): ${facts.lines.length > 0 ? money(facts.total) : BLANK}`,
    `Ödeme şekli: ${facts.paymentLabel}`,
  ];
}

const WITHDRAWAL = [
  'Alıcı, malın kendisine veya gösterdiği üçüncü kişiye teslim edildiği günden itibaren 14 (on dört) gün içinde hiçbir gerekçe göstermeksizin ve cezai şart ödemeksizin sözleşmeden cayma hakkına sahiptir.',
  'Cayma hakkının kullanıldığına dair bildirim bu süre içinde satıcıya yazılı olarak veya kalıcı veri saklayıcısı ile (ör. e-posta) yapılır. Satıcı, bildirimin kendisine ulaştığı tarihten itibaren 14 gün içinde tahsil ettiği toplam bedeli ve teslimat masraflarını iade eder; alıcı malı 10 gün içinde satıcıya geri gönderir.',
  'Mesafeli Sözleşmeler Yönetmeliği madde 15 uyarınca; alıcının istekleri veya kişisel ihtiyaçları doğrultusunda hazırlanan mallar, çabuk bozulabilen mallar, teslimden sonra ambalajı açılmış hijyen ürünleri ve benzeri mallarda cayma hakkı kullanılamaz.',
];

const COMPLAINTS =
  'Şikâyet ve itirazlar, Ticaret Bakanlığınca ilan edilen parasal sınırlar dahilinde alıcının yerleşim yerindeki veya işlemin yapıldığı yerdeki Tüketici Hakem Heyetine ya da Tüketici Mahkemesine yapılabilir.';

function preInformation(facts: ContractFacts): LegalDocument {
  const sections: [string, string[]][] = [
    ['1. Satıcı', sellerBlock(facts.seller)],
    ['2. Alıcı', buyerBlock(facts)],
    ['3. Malın temel nitelikleri ve fiyatı', goodsBlock(facts)],
    [
      '4. Teslimat',
      [
        'Mal, siparişin onaylanmasından itibaren en geç 30 gün içinde alıcının bildirdiği teslimat adresine teslim edilir.',
        'Ödeme kapıda, teslimat sırasında yapılır; sipariş sırasında hiçbir tutar tahsil edilmez.',
      ],
    ],
    ['5. Cayma hakkı', WITHDRAWAL],
    ['6. Şikâyet ve itirazlar', [COMPLAINTS]],
  ];
  return { kind: 'pre-information', title: 'Ön Bilgilendirme Formu', text: render(sections) };
}

function distanceSales(facts: ContractFacts): LegalDocument {
  const sections: [string, string[]][] = [
    ['Madde 1. Taraflar', ['SATICI', ...sellerBlock(facts.seller), '', 'ALICI', ...buyerBlock(facts)]],
    [
      'Madde 2. Konu',
      [
        'İşbu sözleşmenin konusu, alıcının satıcıya ait internet mağazasından elektronik ortamda sipariş verdiği, aşağıda nitelikleri ve satış fiyatı belirtilen malın satışı ve teslimine ilişkin olarak 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği hükümleri gereğince tarafların hak ve yükümlülüklerinin belirlenmesidir.',
      ],
    ],
    ['Madde 3. Sözleşme konusu mal ve bedeli', goodsBlock(facts)],
    [
      'Madde 4. Teslimat',
      [
        'Mal, en geç 30 gün içinde alıcının teslimat adresine gönderilir. Satıcı, siparişi bu süre içinde yerine getiremezse alıcıyı bilgilendirir; alıcı siparişi iptal edebilir ve ödenmiş bir bedel varsa 14 gün içinde iade edilir.',
      ],
    ],
    ['Madde 5. Cayma hakkı', WITHDRAWAL],
    [
      'Madde 6. Genel hükümler',
      [
        'Alıcı, malın temel nitelikleri, satış fiyatı, ödeme şekli ve teslimata ilişkin ön bilgileri okuyup bilgi sahibi olduğunu ve elektronik ortamda gerekli teyidi verdiğini kabul eder.',
        'Sözleşme, alıcının siparişi onaylamasıyla kurulur; bir örneği alıcının e-posta adresine gönderilir ve satıcı tarafından saklanır.',
      ],
    ],
    ['Madde 7. Uyuşmazlıklar', [COMPLAINTS]],
  ];
  return { kind: 'distance-sales', title: 'Mesafeli Satış Sözleşmesi', text: render(sections) };
}

function render(sections: [string, string[]][]): string {
  return sections.map(([heading, lines]) => [heading, ...lines].join('\n')).join('\n\n');
}

/** Both documents as one text: what is hashed, stored and mailed. */
export function contractText(documents: readonly LegalDocument[]): string {
  return documents.map((document) => `${document.title}\n\n${document.text}`).join('\n\n\n');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The filled-in documents of an order, with their template version and hash. */
export function renderContract(facts: ContractFacts): RenderedContract {
  const documents = [preInformation(facts), distanceSales(facts)];
  return { version: CONTRACT_TEMPLATE_VERSION, documents, sha256: sha256(contractText(documents)) };
}

/** The templates as /terms shows them: the seller filled in, the buyer and the order left blank. */
export function contractTemplates(seller: Seller, paymentLabels: readonly string[]): LegalDocument[] {
  return renderContract({
    seller,
    buyer: { name: BLANK, email: BLANK, phone: '' },
    lines: [],
    productTotal: 0,
    shippingFee: 0,
    total: 0,
    billingAddress: [],
    shippingAddress: [],
    paymentLabel: paymentLabels.join(' / '),
  }).documents;
}
