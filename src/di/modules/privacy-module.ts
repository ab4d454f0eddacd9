import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { PrivacyStore } from '../../stores/account/privacy-store';
import { defineFeature } from '../features';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/** The profile's privacy section (D24): one store per screen, so a typed password goes with it. */
export const PRIVACY = {
  store: Symbol.for('store.privacyFactory') as ServiceIdentifier<() => PrivacyStore>,
} as const;

export const privacyModule = new ContainerModule(({ bind }) => {
  bind(PRIVACY.store)
    .toResolvedValue(
      (gateway, alerts, session) => () => new PrivacyStore(gateway, alerts, session),
      [PORT.privacy, CORE.alerts, CORE.session],
    )
    .inSingletonScope();
});

export const privacyFeature = defineFeature(PRIVACY, privacyModule);
