/** Worlds for the account screens' stories: signed-in variants, slow or failing account calls. */
import type { ReactNode } from 'react';
import type { AccountGateway } from '../../ports/account-gateway';
import { FakeAccountGateway } from '../../adapters/fake/fake-account-gateway';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { never } from '../../adapters/fake/fake-delay';
import type { FakeFailure } from '../../adapters/fake/fake-failure';
import { fakeAccountStoreOf, type SignedInOptions, signedInSession } from '../../di/fake-adapters';
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
  return { account: new FakeAccountGateway(fakeAccountStoreOf(base), { delay: never }) };
}

/** Story `adapters`: every account call fails this way. */
export function accountFailing(failure: FakeFailure) {
  return (base: AdapterSet): Partial<AdapterSet> => ({
    account: new FakeAccountGateway(fakeAccountStoreOf(base), { failWith: failure }),
  });
}

/** A fake clock for a story whose timing matters (the session popup). */
export const storyClock = () => new FakeClock(Date.UTC(2026, 10, 22, 12));

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
