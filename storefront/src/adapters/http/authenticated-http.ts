import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import type { HttpClient, HttpResponse, RequestOptions } from './http-client';

/**
 * The shop's one session policy: an authenticated call carries the signed-in session's access
 * token as bearer, and a 401 ends that session, once, whatever screen made the call. A 401 for a
 * token the session no longer holds (it ended, or another began, while the call ran) ends
 * nothing. Without a session the call is not sent: the server would refuse it.
 */
export class AuthenticatedHttp {
  constructor(
    private readonly http: HttpClient,
    private readonly session: SessionCredentials,
  ) {}

  async request(method: string, path: string, options: Omit<RequestOptions, 'bearer'> = {}): Promise<HttpResponse> {
    const token = this.session.accessToken;
    if (token === null) return { status: 401, ok: false, body: undefined, unauthorised: true };
    const response = await this.http.request(method, path, { ...options, bearer: token });
    if (response.status !== 401) return response;
    if (this.session.accessToken === token) this.session.sessionRejected();
    return { ...response, unauthorised: true };
  }
}
