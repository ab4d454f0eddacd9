import type { RateLimits } from '../config';
import { throttled, type Throttle } from '../auth/throttle';

export interface PasswordCheckTicket {
  /** The password was right: forgive this client's failures on the account and give back the account hit. */
  succeeded(): Promise<void>;
}

/**
 * The limits on checking an account's password (login and the current-password check). Each check
 * reserves its hits before the slow argon2 verify, so parallel guesses cannot all slip past the
 * count; a wrong password simply keeps them.
 *  - per (account, client): `loginPerAccountClient` failures, for everyone;
 *  - per account, all clients: `loginPerAccount` failures, a ceiling against guessing from many
 *    clients, which a client holding the account's device marker passes (so it is no lockout weapon).
 */
export class PasswordCheckGate {
  constructor(
    private readonly throttle: Throttle,
    private readonly limits: RateLimits,
  ) {}

  async open(account: string, client: string, hasDeviceMarker: boolean): Promise<PasswordCheckTicket> {
    const pairSubject = `${account}\n${client}`;
    const pair = await this.throttle.reserve('login-pair', pairSubject);
    if (pair.hits > this.limits.loginPerAccountClient) throw throttled(pair);
    const accountHit = await this.throttle.reserve('login-account', account);
    if (accountHit.hits > this.limits.loginPerAccount && !hasDeviceMarker) {
      // Refused before any check: it does not use up this client's own budget on the account.
      await pair.release();
      await accountHit.release();
      throw throttled(accountHit);
    }
    return {
      succeeded: async () => {
        await this.throttle.reset('login-pair', pairSubject);
        await accountHit.release();
      },
    };
  }
}
