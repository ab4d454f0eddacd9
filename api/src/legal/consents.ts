import { z } from 'zod';
import type { Db } from '../db/types';
import { PRIVACY_NOTICE_VERSION } from './privacy-notice';

/**
 * Consents of D24, each a log of grants and withdrawals with the version of the text it was given
 * for and the time: the privacy notice (aydınlatma metni, KVKK) acknowledged at sign-up, and
 * commercial messages (ticari elektronik ileti), only by a separate, unticked opt-in. The latest
 * entry per kind is the answer.
 */
export const CONSENT_KINDS = ['privacy-notice', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The version of each text a consent is given for; a new wording is a new version (the privacy notice's is where its text is). */
export const CONSENT_VERSIONS: Readonly<Record<ConsentKind, string>> = {
  'privacy-notice': PRIVACY_NOTICE_VERSION,
  marketing: 'etk-2026-11-27',
};

export const wireConsent = z.object({ granted: z.boolean(), version: z.string(), at: z.string() });
export type WireConsent = z.infer<typeof wireConsent>;

/** The current state of each consent; null when never given nor refused (an account made before D24). */
export const wireConsents = z.object({ privacyNotice: wireConsent.nullable(), marketing: wireConsent.nullable() });
export type WireConsents = z.infer<typeof wireConsents>;

export interface ConsentEntry extends WireConsent {
  kind: ConsentKind;
}

export class ConsentLog {
  constructor(private readonly db: Db) {}

  /** Records a grant or withdrawal of the current version of `kind`'s text. */
  async record(userId: string, kind: ConsentKind, granted: boolean, at: Date, db: Db = this.db): Promise<void> {
    await db.query('INSERT INTO consents (user_id, kind, version, granted, at) VALUES ($1, $2, $3, $4, $5)', [
      userId,
      kind,
      CONSENT_VERSIONS[kind],
      granted,
      at.toISOString(),
    ]);
  }

  /** Every entry, oldest first (the data export). */
  async history(userId: string): Promise<ConsentEntry[]> {
    const { rows } = await this.db.query<{ kind: ConsentKind; version: string; granted: boolean; at: string }>(
      `SELECT kind, version, granted, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM consents WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((row) => ({ kind: row.kind, version: row.version, granted: row.granted, at: row.at }));
  }

  /** The latest entry of each kind. */
  async current(userId: string): Promise<WireConsents> {
    const latest = new Map<ConsentKind, WireConsent>();
    for (const { kind, ...consent } of await this.history(userId)) latest.set(kind, consent);
    return { privacyNotice: latest.get('privacy-notice') ?? null, marketing: latest.get('marketing') ?? null };
  }
}
