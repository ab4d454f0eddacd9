import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { AlertStore } from '../../stores/alert-store';
import { CartStore } from '../../stores/cart-store';
import { SessionStore } from '../../stores/session-store';
import { PORT } from '../tokens';

/** Stores every screen shares: the cart, the signed-in session and the alerts/confirm dialog. */
export const CORE = {
  cart: Symbol.for('store.cart') as ServiceIdentifier<CartStore>,
  session: Symbol.for('store.session') as ServiceIdentifier<SessionStore>,
  alerts: Symbol.for('store.alerts') as ServiceIdentifier<AlertStore>,
} as const;

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
