import { expect } from 'vitest';
import { bearer, type TestServer } from './test-server';

/** A signed-in shopper with two saved addresses, as order tests need one. */
export interface Shopper {
  token: string;
  email: string;
  home: string;
  work: string;
}

/** Registers and signs in `email`, and saves a home and a work address. */
export async function orderShopper(s: TestServer, email: string): Promise<Shopper> {
  const { accessToken } = await s.signIn(email);
  const save = async (fields: Record<string, unknown>) => {
    const response = await s.request({ method: 'PUT', url: '/api/users/update-address', headers: bearer(accessToken), payload: fields });
    expect(response.statusCode).toBe(200);
    return response.json<{ _newId: string }>()._newId;
  };
  const home = await save({
    addressName: 'Home',
    receiverName: 'Ada Lovelace',
    streetOrAvenue: 'Moda Cd.',
    building: '5',
    apartment: '3',
    neighbourNameInitialCapital: 'Moda',
    subMunicipalityNameInitialCapital: 'Kadıköy',
    stateName: 'İstanbul',
    postalCode: '34710',
    countryName: 'Türkiye',
  });
  const work = await save({ addressName: 'Work', receiverName: 'Ada at Work', streetOrAvenue: 'Büyükdere Cd.', countryName: 'Türkiye' });
  return { token: accessToken, email, home, work };
}
