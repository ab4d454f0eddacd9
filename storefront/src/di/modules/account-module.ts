import { ContainerModule } from 'inversify';
import { ActiveSessionsStore } from '../../stores/account/active-sessions-store';
import { type AuthFormOptions, AuthFormStore } from '../../stores/account/auth-form-store';
import { EmailRowStore } from '../../stores/account/email-row-store';
import { PasswordFormStore, type PasswordFormOptions } from '../../stores/account/password-form-store';
import { ProfileFormStore } from '../../stores/account/profile-form-store';
import { VerificationStore } from '../../stores/account/verification-store';
import type { Feature } from '../features';
import { perScreen, shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/**
 * Account screens' stores. Forms are made per screen instance through a factory (a view keeps
 * its own, so typed passwords go with it); verification is one singleton, because a single-use
 * token must be sent once per app run whatever mounts the page.
 */
export const ACCOUNT = tokens('account', {
  /** The Login / Sign Up popup and the guest checkout modal. */
  authForm: perScreen<AuthFormStore, AuthFormOptions | undefined>(),
  passwordForm: perScreen<PasswordFormStore, PasswordFormOptions | undefined>(),
  profileForm: perScreen<ProfileFormStore>(),
  emailRow: perScreen<EmailRowStore>(),
  verification: shared<VerificationStore>(),
  activeSessions: perScreen<ActiveSessionsStore>(),
});

export const accountModule = new ContainerModule(({ bind }) => {
  bind(ACCOUNT.authForm)
    .toResolvedValue(
      (session, account, alerts) => (options?: AuthFormOptions) => new AuthFormStore(session, account, alerts, options),
      [CORE.session, PORT.account, CORE.alerts],
    )
    .inSingletonScope();
  bind(ACCOUNT.passwordForm)
    .toResolvedValue(
      (account, alerts) => (options?: PasswordFormOptions) => new PasswordFormStore(account, alerts, options),
      [PORT.account, CORE.alerts],
    )
    .inSingletonScope();
  bind(ACCOUNT.profileForm)
    .toResolvedValue(
      (session, account, referenceData, alerts) => () => new ProfileFormStore(session, account, referenceData, alerts),
      [CORE.session, PORT.account, PORT.referenceData, CORE.alerts],
    )
    .inSingletonScope();
  bind(ACCOUNT.emailRow)
    .toResolvedValue(
      (session, account, alerts) => () => new EmailRowStore(session, account, alerts),
      [CORE.session, PORT.account, CORE.alerts],
    )
    .inSingletonScope();
  bind(ACCOUNT.activeSessions)
    .toResolvedValue((account, alerts) => () => new ActiveSessionsStore(account, alerts), [PORT.account, CORE.alerts])
    .inSingletonScope();
  bind(ACCOUNT.verification)
    .toResolvedValue((account, session) => new VerificationStore(account, session), [PORT.account, CORE.session])
    .inSingletonScope();
});

export const accountFeature: Feature = { module: accountModule };
