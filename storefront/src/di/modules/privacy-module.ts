import { ContainerModule } from 'inversify';
import { PrivacyStore } from '../../stores/account/privacy-store';
import type { Feature } from '../features';
import { perScreen, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/** The profile's privacy section (D24): one store per screen, so a typed password goes with it. */
export const PRIVACY = tokens('privacy', {
  section: perScreen<PrivacyStore>(),
});

export const privacyModule = new ContainerModule(({ bind }) => {
  bind(PRIVACY.section)
    .toResolvedValue(
      (gateway, alerts, session) => () => new PrivacyStore(gateway, alerts, session),
      [PORT.privacy, CORE.alerts, CORE.session],
    )
    .inSingletonScope();
});

export const privacyFeature: Feature = { module: privacyModule };
