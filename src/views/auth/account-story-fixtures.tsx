/** Worlds for the account screens' stories: signed-in variants, slow or failing account calls. */
import type { ReactNode } from 'react';
import type { AccountGateway } from '../../ports/account-gateway';
import { type FakeAdapterSet, type SignedInOptions, signedInSession } from '../../di/fake-adapters';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { AlertRegion } from '../layout/alert-region';

/** Story `setup`: the demo user signed in, with the given email state and token lifetime. */
export function signedInAs(options: SignedInOptions = {}) {
  return (services: ServiceContainer, adapters: AdapterSet): void => {
    signedInSession(adapters, options);
    services.get(CORE.session).start();
  };
}

/** Story `adapters`: account calls that never answer (busy buttons stay busy). */
export function accountNeverAnswers(base: AdapterSet): Partial<AdapterSet> {
  const pending = () => new Promise<never>(() => {});
  // Only the gateway's own methods: anything else (e.g. a `then` probe by the container) stays as it is.
  const account = new Proxy(base.account, {
    get: (target, key, receiver) =>
      typeof Reflect.get(target, key, receiver) === 'function' ? pending : Reflect.get(target, key, receiver),
  });
  return { account };
}

/** Story `adapters`: every account call of the fake server fails this way ('network', 'throw', a status). */
export function accountFailing(failure: FakeAdapterSet['account']['failWith']) {
  return (base: AdapterSet): Partial<AdapterSet> => {
    (base as FakeAdapterSet).account.failWith = failure;
    return {};
  };
}

/** The screen with the shop's alert region above it, as the layout shows them. */
export function WithAlerts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <AlertRegion />
    </>
  );
}

/** Story `adapters`: the server accepts every email verification link (the success state). */
export function verificationLinksAccepted(base: AdapterSet): Partial<AdapterSet> {
  const accepted = () => Promise.resolve({ ok: true as const, status: 200, data: undefined });
  const account: AccountGateway = Object.assign(Object.create(base.account) as AccountGateway, {
    verifyEmail: accepted,
    verifyEmailAnonymous: accepted,
  });
  return { account };
}
