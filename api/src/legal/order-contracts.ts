import type { Db } from '../db/types';
import { DOCUMENT_KINDS, type LegalDocument, type RenderedContract, contractText, sha256 } from './contract-documents';

/** The contract an order was placed with (D24), as its order shows it. */
export interface AcceptedContract {
  version: string;
  sha256: string;
  acceptedAt: string;
  documents: LegalDocument[];
}

/** Who accepted the contract: the client's address and User-Agent, as the request showed them. */
export interface AcceptingClient {
  ip: string;
  userAgent: string;
}

/** How much of a User-Agent is kept with an accepted contract. */
const USER_AGENT_CHARS = 500;

/**
 * The accepted contracts (D24, table `order_contracts`): one per order, with the template
 * version, the filled-in text, its SHA-256, the acceptance time and the client. Every method
 * takes the connection or transaction it runs in (the order's own).
 */
export class OrderContracts {
  /** Keeps the text the order was placed with, as the server rendered it. */
  async record(db: Db, orderId: string, contract: RenderedContract, acceptedAt: Date, client: AcceptingClient): Promise<void> {
    const text = contractText(contract.documents);
    await db.query(
      `INSERT INTO order_contracts (order_id, template_version, text, text_sha256, accepted_at, client_ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [orderId, contract.version, text, sha256(text), acceptedAt.toISOString(), client.ip, client.userAgent.slice(0, USER_AGENT_CHARS)],
    );
  }

  /** The contract accepted with an order; null for an order placed before D24. */
  async acceptedWith(db: Db, orderId: string): Promise<AcceptedContract | null> {
    const { rows } = await db.query<{ template_version: string; text: string | null; text_sha256: string; accepted_at: string }>(
      `SELECT template_version, text, text_sha256,
              to_char(accepted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS accepted_at
       FROM order_contracts WHERE order_id = $1`,
      [orderId],
    );
    const row = rows[0];
    if (!row) return null;
    return { version: row.template_version, sha256: row.text_sha256, acceptedAt: row.accepted_at, documents: documentsOf(row.text) };
  }

  /**
   * Before the buyer's account is deleted: the contracts keep their version, time and SHA-256
   * but lose their text (it names the buyer) and the client that accepted them.
   */
  async redact(db: Db, orderIds: readonly string[]): Promise<void> {
    await db.query('UPDATE order_contracts SET text = NULL, client_ip = NULL, user_agent = NULL WHERE order_id = ANY($1::text[])', [
      orderIds,
    ]);
  }
}

/** The stored text back as its two documents (contractText's layout); none once redacted. */
function documentsOf(text: string | null): LegalDocument[] {
  if (text === null) return [];
  return text.split('\n\n\n').map((part, index) => {
    const [title = '', ...rest] = part.split('\n\n');
    return { kind: DOCUMENT_KINDS[index] ?? 'distance-sales', title, text: rest.join('\n\n') };
  });
}
