import { SystemClock } from '../adapters/clock/system-clock';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import type { CatalogAnswer } from '../adapters/server-render/catalog-answers';
import { RecordingCatalogGateway } from '../adapters/server-render/recording-catalog-gateway';
import {
  noCartStorage,
  noRecentlyViewed,
  noRealtime,
  noSessionStorage,
  offlineGateway,
  uncroppedImages,
} from '../adapters/server-render/server-stand-ins';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { SessionLink } from './session-link';
import type { AdapterSet } from './tokens';

/**
 * The adapters of one server render (D17): the catalogue the server hands in (its catalogue engine,
 * in process), recorded so the page can carry its answers; no cart, no session, no socket; the
 * account, address, order and reference-data ports are never called there.
 */
export function createServerRenderAdapters(catalog: CatalogGateway): { adapters: AdapterSet; answers: () => CatalogAnswer[] } {
  const recording = new RecordingCatalogGateway(catalog);
  return {
    adapters: {
      catalog: recording,
      account: offlineGateway(),
      addresses: offlineGateway(),
      orders: offlineGateway(),
      privacy: offlineGateway(),
      referenceData: offlineGateway(),
      cartStorage: noCartStorage,
      recentlyViewed: noRecentlyViewed,
      sessionStorage: noSessionStorage,
      clock: new SystemClock(),
      tokenDecoder: new JwtTokenDecoder(),
      realtime: noRealtime,
      imageCropper: uncroppedImages,
      stockAlert: offlineGateway(),
      sessionLink: new SessionLink(),
    },
    answers: () => recording.answers(),
  };
}
