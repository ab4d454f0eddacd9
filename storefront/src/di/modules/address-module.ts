import { ContainerModule } from 'inversify';
import { AddressBookStore } from '../../stores/address/address-book-store';
import { ReferenceDataStore } from '../../stores/address/reference-data-store';
import { CheckoutStore } from '../../stores/checkout/checkout-store';
import type { Feature } from '../features';
import { shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/** The address book, its reference lists (cached once per app) and the checkout selection. */
export const ADDRESS = tokens('address', {
  book: shared<AddressBookStore>(),
  referenceData: shared<ReferenceDataStore>(),
  checkout: shared<CheckoutStore>(),
});

export const addressModule = new ContainerModule(({ bind }) => {
  bind(ADDRESS.referenceData)
    .toResolvedValue((gateway) => new ReferenceDataStore(gateway), [PORT.referenceData])
    .inSingletonScope();
  bind(ADDRESS.book)
    .toResolvedValue(
      (session, alerts, gateway, referenceData) => new AddressBookStore(session, alerts, gateway, referenceData),
      [CORE.session, CORE.alerts, PORT.addresses, ADDRESS.referenceData],
    )
    .inSingletonScope();
  bind(ADDRESS.checkout)
    .toResolvedValue((session, book) => new CheckoutStore(session, book), [CORE.session, ADDRESS.book])
    .inSingletonScope();
});

export const addressFeature: Feature = { module: addressModule };
