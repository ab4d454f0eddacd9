/**
 * D24: before an order the shopper reads and confirms the pre-information form (Ön Bilgilendirme
 * Formu) and the distance sales contract (Mesafeli Satış Sözleşmesi). The server renders both for
 * the order request; the shop shows them as they came and sends back what was accepted.
 */
export type LegalDocumentKind = 'pre-information' | 'distance-sales';

export interface LegalDocument {
  kind: LegalDocumentKind;
  title: string;
  /** Plain text: paragraphs separated by a blank line, lines by a line break. */
  text: string;
}

/** The documents rendered for one order request, before it is placed. */
export interface OrderContract {
  /** The template version the documents were filled in from. */
  version: string;
  /** SHA-256 of the filled-in text: names exactly what the shopper read. */
  sha256: string;
  documents: LegalDocument[];
}

/** Why an order with an acceptance was refused: the documents for the request read otherwise now. */
export type ContractChanged = 'contract-changed';

/** What the order sends to say the shopper confirmed the documents they were shown. */
export interface ContractAcceptance {
  accepted: true;
  version: string;
  sha256: string;
}

/** The contract an order was placed under, as the order shows it again. */
export interface AcceptedContract extends OrderContract {
  /** ISO 8601, UTC. */
  acceptedAt: string;
}

export function acceptanceOf(contract: OrderContract): ContractAcceptance {
  return { accepted: true, version: contract.version, sha256: contract.sha256 };
}

/** A document's text as paragraphs of lines (how a page or a mail lays it out). */
export function paragraphsOf(text: string): string[][] {
  return text.split('\n\n').map((paragraph) => paragraph.split('\n'));
}
