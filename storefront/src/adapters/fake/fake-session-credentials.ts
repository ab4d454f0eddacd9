import type { SessionCredentials } from '@shop/core/ports/session-credentials';

/**
 * A session held by hand, for tests of the HTTP gateways and their fakes: sign it in with a token
 * and user id; a refused token ends it, and each end is counted.
 */
export class FakeSessionCredentials implements SessionCredentials {
  rejections = 0;

  constructor(
    public accessToken: string | null = null,
    public userId: string | null = null,
  ) {}

  signIn(accessToken: string, userId: string | null = null): void {
    this.accessToken = accessToken;
    this.userId = userId;
  }

  sessionRejected(): void {
    this.rejections += 1;
    this.accessToken = null;
    this.userId = null;
  }
}
