import type { Consents, DataExport } from '@shop/core/domain/consent';
import type { Outcome } from '@shop/core/domain/outcome';
import type { PrivacyGateway } from '@shop/core/ports/privacy-gateway';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import { AuthenticatedHttp } from './authenticated-http';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { wireAcknowledgementSchema } from './wire/account-wire';
import { toConsents, wireConsentsAnswerSchema, wireDataExportSchema, wireProfileConsentsSchema } from './wire/privacy-wire';

const CONTENT_DISPOSITION = 'content-disposition';
const FALLBACK_FILE_NAME = 'storefront-data.json';

/** The file name a Content-Disposition names, when it names a plain one. */
function fileNameOf(disposition: string | undefined): string {
  const name = /filename="([\w.-]+)"/.exec(disposition ?? '')?.[1];
  return name ?? FALLBACK_FILE_NAME;
}

/** D24's calls about the signed-in shopper's own data (docs/api.md, Your data). */
export class PrivacyHttpGateway implements PrivacyGateway {
  private readonly authenticated: AuthenticatedHttp;

  constructor(http: HttpClient, session: SessionCredentials) {
    this.authenticated = new AuthenticatedHttp(http, session);
  }

  async getConsents(): Promise<Outcome<Consents>> {
    const response = await this.authenticated.request('GET', '/api/users/profile');
    return toOutcome(response, wireProfileConsentsSchema, ({ consents }) => toConsents(consents));
  }

  async setMarketingConsent(granted: boolean): Promise<Outcome<Consents>> {
    const response = await this.authenticated.request('PUT', '/api/users/consents', { body: { marketing: granted } });
    return toOutcome(response, wireConsentsAnswerSchema, ({ consents }) => toConsents(consents));
  }

  async exportData(): Promise<Outcome<DataExport>> {
    const response = await this.authenticated.request('GET', '/api/users/data-export', { readHeaders: [CONTENT_DISPOSITION] });
    return toOutcome(response, wireDataExportSchema, (data) => ({
      fileName: fileNameOf(response.headers?.[CONTENT_DISPOSITION]),
      json: `${JSON.stringify(data, null, 2)}\n`,
    }));
  }

  async deleteAccount(password: string): Promise<Outcome<void>> {
    const response = await this.authenticated.request('POST', '/api/users/delete-account', { body: { password } });
    return toOutcome(response, wireAcknowledgementSchema, () => undefined);
  }
}
