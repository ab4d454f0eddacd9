import { describe, expect, it } from 'vitest';
import { DEMO_OTHER_DEVICES, DEMO_THIS_DEVICE, DEMO_USER_ID, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../../tests/support/account-world';
import { ENDING_OTHERS } from './active-sessions-store';

/** The demo user signed in here, and on two other devices a minute and two minutes later. */
function world() {
  const signedIn = accountTestWorld({ device: DEMO_THIS_DEVICE });
  const others = DEMO_OTHER_DEVICES.map((device) => {
    signedIn.clock.advance(60_000);
    return signedIn.adapters.accountStore.startSession(DEMO_USER_ID, undefined, device);
  });
  const store = signedIn.services.get(ACCOUNT.activeSessions)();
  store.setCurrentPassword(DEMO_USER_PASSWORD);
  return { ...signedIn, others, store };
}

describe('ActiveSessionsStore', () => {
  it("loads the account's sessions: this browser's apart, the others most recently used first", async () => {
    const { store } = world();
    expect(store.sessions.status).toBe('loading');
    await store.load();
    expect(store.current).toMatchObject({ browser: 'Firefox 133', os: 'Linux', current: true });
    expect(store.others.map(({ browser, os }) => `${browser}/${os}`)).toEqual(['Chrome 131/Windows', 'Safari 17/iOS']);
  });

  it('ends one other session: gone from the list, its tokens refused by the server, and says so', async () => {
    const { store, others, adapters, texts } = world();
    await store.load();
    const phone = store.others.find((session) => session.browser === 'Safari 17');
    const ending = store.end(phone?.id ?? '');
    expect(store.busy).toBe(phone?.id);
    await ending;
    expect(store.busy).toBeNull();
    expect(store.others.map((session) => session.browser)).toEqual(['Chrome 131']);
    expect(adapters.accountStore.rotate(others[0]?.refreshToken ?? '')).toBeUndefined();
    expect(adapters.accountStore.authenticate(others[1]?.accessToken ?? '')).toBeDefined();
    expect(texts()).toEqual(['Session ended.']);
  });

  it('ends all other sessions and keeps this one', async () => {
    const { store, others, adapters, texts } = world();
    await store.load();
    const ending = store.endOthers();
    expect(store.busy).toBe(ENDING_OTHERS);
    await ending;
    expect(store.others).toEqual([]);
    expect(store.current?.browser).toBe('Firefox 133');
    for (const other of others) expect(adapters.accountStore.authenticate(other.accessToken)).toBeUndefined();
    expect(texts()).toEqual(['All other sessions ended.']);
  });

  it('asks for the password before ending anything, and says when it is wrong (ASVS 7.5.2)', async () => {
    const { store, others, adapters, texts } = world();
    await store.load();
    store.setCurrentPassword('');
    await store.endOthers();
    expect(store.busy).toBeNull();
    store.setCurrentPassword('Wrong#Pass1');
    await store.end(store.others[0]?.id ?? '');
    expect(texts()).toEqual(['Please enter your current password to end a session.', 'The current password is incorrect.']);
    for (const other of others) expect(adapters.accountStore.authenticate(other.accessToken)).toBeDefined();
    // Kept for another try; cleared once sessions ended.
    expect(store.currentPassword).toBe('Wrong#Pass1');
    store.setCurrentPassword(DEMO_USER_PASSWORD);
    await store.endOthers();
    expect(store.currentPassword).toBe('');
  });

  it('shows the error state with the server message, or the generic text when there is none', async () => {
    const { store, adapters } = world();
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await store.load();
    expect(store.sessions).toEqual({ status: 'error', message: 'Service down' });
    adapters.account.server.failWith = 'network';
    await store.load();
    expect(store.sessions).toEqual({ status: 'error', message: 'Network error' });
    adapters.account.server.failWith = undefined;
    await store.load();
    expect(store.sessions.status).toBe('loaded');
  });

  it('alerts a failed end and loads the list again when the server no longer knows the session', async () => {
    const { store, others, adapters, texts } = world();
    await store.load();
    const laptop = store.others[0];
    // Ended elsewhere meanwhile: the server answers 404 with its message.
    adapters.accountStore.endSessionOf(DEMO_USER_ID, laptop?.id ?? '');
    await store.end(laptop?.id ?? '');
    await expect.poll(() => store.others.map((session) => session.browser)).toEqual(['Safari 17']);
    adapters.account.server.failWith = 'network';
    await store.endOthers();
    expect(texts()).toEqual(['Session not found.', 'An error occurred while ending the session. Please try again.']);
    // Nothing was ended by the failed call.
    expect(adapters.accountStore.authenticate(others[0]?.accessToken ?? '')).toBeDefined();
    expect(store.others).toHaveLength(1);
  });
});
