import { FakeClock } from '../../storefront/src/adapters/fake/fake-clock';
import { accountFeature } from '../../storefront/src/di/modules/account-module';
import { CORE } from '../../storefront/src/di/modules/core-module';
import { createContainer } from '../../storefront/src/di/container';
import { createFakeAdapters } from '../../storefront/src/di/fake-adapters';
import { type SignedInOptions, signedInSession } from '../../storefront/src/adapters/fake/fake-world';

/** A container with the account screens' stores, on fresh fakes and a fake clock, optionally with the demo user signed in (store tests). */
export function accountTestWorld(signedIn?: SignedInOptions) {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
  const adapters = createFakeAdapters({ clock });
  if (signedIn) signedInSession(adapters, signedIn);
  const services = createContainer(adapters);
  services.loadFeatures(accountFeature);
  const session = services.get(CORE.session);
  session.start();
  const alerts = services.get(CORE.alerts);
  const texts = () => alerts.alerts.map((alert) => alert.message);
  return { clock, adapters, services, session, alerts, texts };
}
