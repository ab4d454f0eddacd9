import type { SessionCredentials } from '@shop/core/ports/session-credentials';

/**
 * The HTTP adapters' way to the session store. Adapters are built before the container and the
 * session store by it (the store itself calls the account adapter), so the adapters get this
 * link and `createContainer` joins it to the store. Until then nobody is signed in.
 */
export class SessionLink implements SessionCredentials {
  private session: SessionCredentials | null = null;

  connect(session: SessionCredentials): void {
    this.session = session;
  }

  get accessToken(): string | null {
    return this.session?.accessToken ?? null;
  }

  get userId(): string | null {
    return this.session?.userId ?? null;
  }

  sessionRejected(): void {
    this.session?.sessionRejected();
  }
}
