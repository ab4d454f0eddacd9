import { describe, expect, it } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_USER_PASSWORD, demoAddresses } from '../adapters/fake/demo-account';
import { failingCatalogGateway } from '../adapters/fake/fake-catalog-gateway';
import { FakeClock } from '../adapters/fake/fake-clock';
import type { Outcome } from '@shop/core/domain/outcome';
import { createContainer } from './container';
import { type FakeAdapterSet, createFakeAdapters } from './fake-adapters';
import { fakeAccountStoreOf, signedInSession } from '../adapters/fake/fake-world';
import { CORE } from './modules/core-module';
import { PORT } from './tokens';

function data<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.kind} ${outcome.message ?? ''}`);
  return outcome.data;
}

/** The stored session restored in a container: from then on the fakes' calls carry its token. */
function restoreSession(adapters: FakeAdapterSet) {
  const session = createContainer(adapters).get(CORE.session);
  session.start();
  return session;
}

const START = Date.UTC(2026, 5, 1, 10);

describe('createFakeAdapters', () => {
  it('serves every port of the container', () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(START) });
    const container = createContainer(adapters);
    for (const key of Object.keys(PORT) as (keyof typeof PORT)[]) {
      expect(container.get(PORT[key] as symbol)).toBe(adapters[key]);
    }
  });

  it('starts signed out with an empty cart unless told otherwise', () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(START) });
    expect(adapters.sessionStorage.load()).toBeNull();
    expect(adapters.cartStorage.load()).toEqual([]);
    const seeded = createFakeAdapters({
      clock: new FakeClock(START),
      seedCart: [{ _id: 'a'.repeat(24), prodName: 'Kahve', images: [], quantity: 2 }],
    });
    expect(seeded.cartStorage.load()).toHaveLength(1);
  });

  it('pre-signs the demo user in with a working session the real decoder reads', async () => {
    const clock = new FakeClock(START);
    const adapters = createFakeAdapters({ clock, signedIn: true });
    const session = adapters.sessionStorage.load();
    expect(session?.user).toMatchObject({ _id: DEMO_USER_ID, email: DEMO_USER_EMAIL, isEmailVerified: false });
    expect(adapters.tokenDecoder.expiresAt(session!.accessToken)).toBe(START + 15 * 60_000);
    restoreSession(adapters);
    expect(data(await adapters.account.getProfile()).address).toEqual(demoAddresses());
    expect((await adapters.account.refresh(session!.refreshToken!)).ok).toBe(true);
  });

  it('signedInSession sets the verified flag and the access lifetime', async () => {
    const clock = new FakeClock(START);
    const adapters = createFakeAdapters({ clock });
    const session = signedInSession(adapters, { emailVerified: true, expiresInMs: 150_000 });
    expect(adapters.sessionStorage.load()).toEqual(session);
    expect(session.user.isEmailVerified).toBe(true);
    expect(adapters.tokenDecoder.expiresAt(session.accessToken)).toBe(START + 150_000);
    restoreSession(adapters);
    expect(data(await adapters.account.getProfile()).isEmailVerified).toBe(true);
  });

  it('applies the configured access token lifetime to logins', async () => {
    const clock = new FakeClock(START);
    const adapters = createFakeAdapters({ clock, accessTokenLifetimeMs: 180_000 });
    const login = data(await adapters.account.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD));
    expect(adapters.tokenDecoder.expiresAt(login.accessToken)).toBe(START + 180_000);
  });

  it('shares one account state: a saved address shows up in the profile', async () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(START), signedIn: true });
    restoreSession(adapters);
    const { _id: _existing, ...home } = demoAddresses()[0]!;
    const { newId } = data(await adapters.addresses.saveAddress({ ...home, addressName: 'Yeni' }));
    const profile = data(await adapters.account.getProfile());
    expect(profile.address.map((address) => address._id)).toContain(newId);
  });

  it("pushes emailVerified to the verified user's open sockets only", async () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(START), signedIn: true });
    const { accessToken } = restoreSession(adapters);
    await adapters.account.register('other', 'other@example.com', 'Başka#Kişi12');
    const other = data(await adapters.account.login('other@example.com', 'Başka#Kişi12'));
    const seen: string[] = [];
    adapters.realtime.connect(accessToken!, { onEmailVerified: () => seen.push('demo') });
    adapters.realtime.connect(other.accessToken, { onEmailVerified: () => seen.push('other') });
    await adapters.account.sendVerificationEmail(DEMO_USER_EMAIL);
    const mail = adapters.accountStore.lastMailTo(DEMO_USER_EMAIL, 'verify-email');
    expect((await adapters.account.verifyEmail(mail!.token)).ok).toBe(true);
    expect(seen).toEqual(['demo']);
  });

  it('answers after the configured latency on the clock', async () => {
    const clock = new FakeClock(START);
    const adapters = createFakeAdapters({ clock, latencyMs: 300 });
    let answered = false;
    const pending = adapters.catalog.listCategories().then((result) => {
      answered = true;
      return result;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    clock.advance(300);
    expect((await pending).ok).toBe(true);
  });

  it('finds the fake account state after single ports were overridden', () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(START) });
    const { accountStore: _omitted, ...plain } = adapters;
    const overridden = { ...plain, catalog: failingCatalogGateway('down') };
    expect(fakeAccountStoreOf(overridden)).toBe(adapters.accountStore);
    expect(() => signedInSession(overridden)).not.toThrow();
  });
});
