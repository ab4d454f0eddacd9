import type { Consents, DataExport } from '../domain/consent';
import type { Outcome } from '../domain/outcome';

/** The signed-in shopper's own data (D24): consents, a download of everything, deleting the account. */
export interface PrivacyGateway {
  /** GET /api/users/profile: its `consents` (an addition to SPEC's answer). */
  getConsents(): Promise<Outcome<Consents>>;
  /** PUT /api/users/consents: marketing messages on or off; answers every consent as it now stands. */
  setMarketingConsent(granted: boolean): Promise<Outcome<Consents>>;
  /** GET /api/users/data-export: profile, addresses, orders and consents as one JSON file. */
  exportData(): Promise<Outcome<DataExport>>;
  /** POST /api/users/delete-account with the password given again. */
  deleteAccount(password: string): Promise<Outcome<void>>;
}
