import type { Address } from '@shop/core/domain/address';
import type { User } from '@shop/core/domain/user';

/** The demo customer every fake world starts with (sign in with these in `npm run dev:fake`). */
export const DEMO_USER_EMAIL = 'demo@example.com';
export const DEMO_USER_PASSWORD = 'Demo1234!';
export const DEMO_USER_ID = '65a1f0c2b3d4e5f6a7b8c9d0';
export const DEMO_HOME_ADDRESS_ID = '65a1f0c2b3d4e5f6a7b8ad01';
export const DEMO_WORK_ADDRESS_ID = '65a1f0c2b3d4e5f6a7b8ad02';

/** Two saved addresses, consistent with the fake reference data (İstanbul/Kadıköy, Ankara/Çankaya). */
export function demoAddresses(): Address[] {
  return [
    {
      _id: DEMO_HOME_ADDRESS_ID,
      addressId: 1,
      addressName: 'Ev',
      addressType: 'Home',
      receiverName: 'Deniz Yılmaz',
      receiverPhoneCCode: '+90',
      receiverPhoneACode: '532',
      receiverPhoneMain: '1234567',
      addressDetails: 'Moda Caddesi No: 12 Daire: 3',
      stateCode: '34',
      stateId: 34,
      stateName: 'İstanbul',
      subMunicipalityId: 3401,
      subMunicipalityNameInitialCapital: 'Kadıköy',
      neighbourId: 340101,
      neighbourNameInitialCapital: 'Caferağa',
      streetOrAvenue: 'Moda Caddesi',
      building: '12',
      apartment: '3',
      postalCode: '34710',
      countryName: 'Türkiye',
      isDefaultAddress: true,
      isCorporateInvoice: false,
      taxNumber: '',
      taxOffice: '',
      corporateTitle: '',
    },
    {
      _id: DEMO_WORK_ADDRESS_ID,
      addressId: 2,
      addressName: 'Ofis',
      addressType: 'Work',
      receiverName: 'Deniz Yılmaz',
      receiverPhoneCCode: '+90',
      receiverPhoneACode: '312',
      receiverPhoneMain: '7654321',
      addressDetails: 'Atatürk Bulvarı No: 100 Kat: 5',
      stateCode: '06',
      stateId: 6,
      stateName: 'Ankara',
      subMunicipalityId: 601,
      subMunicipalityNameInitialCapital: 'Çankaya',
      neighbourId: 60101,
      neighbourNameInitialCapital: 'Kızılay',
      streetOrAvenue: 'Atatürk Bulvarı',
      building: '100',
      apartment: '5',
      postalCode: '06420',
      countryName: 'Türkiye',
      isDefaultAddress: false,
      isCorporateInvoice: true,
      taxNumber: '1234567890',
      taxOffice: 'Kavaklıdere',
      corporateTitle: 'Demo Ticaret A.Ş.',
    },
  ];
}

/** The demo user as the profile call answers it (email not yet verified). */
export function demoUser(): User {
  return {
    _id: DEMO_USER_ID,
    userId: DEMO_USER_ID,
    userName: 'demo',
    email: DEMO_USER_EMAIL,
    isEmailVerified: false,
    phone: '+90 532 1234567',
    phoneCCode: '+90',
    phoneACode: '532',
    phoneMain: '1234567',
    name: 'Deniz',
    surname: 'Yılmaz',
    address: demoAddresses(),
  };
}

/** The demo user's sign-ins on two other devices (the session list's stories and tests). */
export const DEMO_OTHER_DEVICES = [
  { browser: 'Safari 17', os: 'iOS' },
  { browser: 'Chrome 131', os: 'Windows' },
] as const;

/** Where the demo user's own browser signs in, in the stories. */
export const DEMO_THIS_DEVICE = { browser: 'Firefox 133', os: 'Linux' } as const;
