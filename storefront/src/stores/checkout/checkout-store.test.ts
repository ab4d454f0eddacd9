import { describe, expect, it } from 'vitest';
import { DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { createContainer } from '../../di/container';
import { createFakeAdapters } from '../../di/fake-adapters';
import { ADDRESS, addressFeature } from '../../di/modules/address-module';
import { CORE } from '../../di/modules/core-module';

function world() {
  const container = createContainer(createFakeAdapters({ clock: new FakeClock(Date.UTC(2026, 10, 22, 12)), signedIn: true }));
  container.loadFeatures(addressFeature);
  const session = container.get(CORE.session);
  session.start();
  return { session, checkout: container.get(ADDRESS.checkout) };
}

describe('CheckoutStore', () => {
  it('preselects the default address for both boxes', () => {
    const { checkout } = world();
    expect(checkout.billing?._id).toBe(DEMO_HOME_ADDRESS_ID);
    expect(checkout.shipping?._id).toBe(DEMO_HOME_ADDRESS_ID);
  });

  it('choosing fills only the box the list was opened for; Remove clears it', () => {
    const { checkout } = world();
    checkout.open('shipping');
    const work = checkout.addresses.find((address) => address._id === DEMO_WORK_ADDRESS_ID);
    if (!work) throw new Error('seeded');
    checkout.choose(work);
    expect(checkout.picking).toBeNull();
    expect(checkout.shipping?._id).toBe(DEMO_WORK_ADDRESS_ID);
    expect(checkout.billing?._id).toBe(DEMO_HOME_ADDRESS_ID);
    checkout.clear('billing');
    expect(checkout.billing).toBeNull();
    expect(checkout.shipping?._id).toBe(DEMO_WORK_ADDRESS_ID);
  });

  it('with no addresses both boxes are empty', () => {
    const { checkout, session } = world();
    const user = session.user;
    if (!user) throw new Error('signed in');
    session.setUser({ ...user, address: [] });
    expect(checkout.billing).toBeNull();
    expect(checkout.addresses).toEqual([]);
  });

  it('a chosen address that was deleted gives way to the default', () => {
    const { checkout, session } = world();
    const user = session.user;
    if (!user) throw new Error('signed in');
    checkout.open('billing');
    checkout.choose(user.address.find((address) => address._id === DEMO_WORK_ADDRESS_ID) ?? user.address[0]!);
    expect(checkout.billing?._id).toBe(DEMO_WORK_ADDRESS_ID);
    session.setUser({ ...user, address: user.address.filter((address) => address._id !== DEMO_WORK_ADDRESS_ID) });
    expect(checkout.billing?._id).toBe(DEMO_HOME_ADDRESS_ID);
  });
});
