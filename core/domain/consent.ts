/**
 * D24: what a shopper consented to, each with the version of the text and the time. The privacy
 * notice (aydınlatma metni) is acknowledged at sign-up; marketing messages only by their own,
 * unticked opt-in, changeable in the profile.
 */
export interface Consent {
  granted: boolean;
  version: string;
  /** ISO 8601, UTC. */
  at: string;
}

/** Null: never asked (an account made before D24). */
export interface Consents {
  privacyNotice: Consent | null;
  marketing: Consent | null;
}

/** What the sign-up sends: the privacy notice acknowledged (SPEC's tick), marketing as opted into. */
export interface SignUpConsents {
  privacyNotice: true;
  marketing: boolean;
}

/** The shopper's data as one downloadable file (KVKK article 11). */
export interface DataExport {
  fileName: string;
  /** The JSON text, as the server sent it. */
  json: string;
}
