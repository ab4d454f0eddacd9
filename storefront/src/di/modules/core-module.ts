import { ContainerModule } from 'inversify';
import { AlertStore } from '../../stores/alert-store';
import { CartStore } from '../../stores/cart-store';
import { SessionStore } from '../../stores/session-store';
import { shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';

/** Stores every screen shares: the cart, the signed-in session and the alerts/confirm dialog. */
export const CORE = tokens('core', {
  cart: shared<CartStore>(),
  session: shared<SessionStore>(),
  alerts: shared<AlertStore>(),
});

export const coreModule = new ContainerModule(({ bind }) => {
  bind(CORE.cart)
    .toResolvedValue((storage) => new CartStore(storage), [PORT.cartStorage])
    .inSingletonScope();
  bind(CORE.session)
    .toResolvedValue(
      (account, storage, decoder, clock, realtime) => new SessionStore(account, storage, decoder, clock, realtime),
      [PORT.account, PORT.sessionStorage, PORT.tokenDecoder, PORT.clock, PORT.realtime],
    )
    .inSingletonScope();
  bind(CORE.alerts)
    .toResolvedValue((clock) => new AlertStore(clock), [PORT.clock])
    .inSingletonScope();
});
