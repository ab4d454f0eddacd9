import type { LegalDocument } from './contract';

/** The seller, as the settings name them (D24): in the footer, the privacy notice and the contracts. */
export interface Seller {
  name: string;
  address: string;
  /** Tax office and number (vergi dairesi ve numarası). */
  taxId: string;
  /** MERSİS number. */
  mersis: string;
  email: string;
  phone: string;
}

/** A text of the shop's that is versioned: a consent records the version it was given for. */
export interface VersionedText {
  version: string;
  title: string;
  /** Plain text: paragraphs separated by a blank line, lines by a line break. */
  text: string;
}

/** The shop's public legal texts (GET /api/legal): /privacy, /terms and the footer show them, in Turkish. */
export interface LegalTexts {
  seller: Seller;
  /** The privacy notice (aydınlatma metni, KVKK). */
  privacyNotice: VersionedText;
  /** The pre-information form and the distance sales contract as templates: the buyer and the order left blank. */
  terms: { version: string; documents: LegalDocument[] };
}
