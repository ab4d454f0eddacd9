import { MatchersV3 } from '@pact-foundation/pact';
import type { Address } from '@shop/core/domain/address';
import { STATES, injected } from '../provider-states';
import { EXAMPLE_ACCESS_TOKEN, jsonHeaders } from './contract-pact';

const { boolean, eachLike, fromProviderState, integer, nullValue, number, regex, string } = MatchersV3;

/** Server-assigned ids are 16 or more characters (SPEC 3, Reference API). */
export const serverId = (example: string): MatchersV3.V3RegexMatcher => regex('^\\S{16,}$', example);

export const EXAMPLE_USER_ID = '65f1c0ffee00000000000001';
export const EXAMPLE_ADDRESS_ID = '65f1c0ffee0000000000ad01';

/** An address as the profile answer carries it: every field the address tile reads. */
export const addressInResponse = {
  _id: serverId(EXAMPLE_ADDRESS_ID),
  addressId: integer(1),
  addressName: string('Home'),
  addressType: regex('^(Home|Work|)$', 'Home'),
  receiverName: string('Ayşe Yılmaz'),
  receiverPhoneCCode: string('+90'),
  receiverPhoneACode: regex('^\\d*$', '532'),
  receiverPhoneMain: regex('^\\d*$', '1234567'),
  addressDetails: string('Moda Cd. 12, Daire 4'),
  stateCode: string('34'),
  stateId: integer(34),
  stateName: string('İstanbul'),
  subMunicipalityId: integer(1421),
  subMunicipalityNameInitialCapital: string('Kadıköy'),
  neighbourId: integer(40211),
  neighbourNameInitialCapital: string('Caferağa'),
  streetOrAvenue: string('Moda Cd.'),
  building: string('12'),
  apartment: string('4'),
  postalCode: string('34710'),
  countryName: string('Türkiye'),
  isDefaultAddress: boolean(true),
  isCorporateInvoice: boolean(false),
  taxNumber: string(''),
  taxOffice: string(''),
  corporateTitle: string(''),
};

/** The user object of login, register and profile answers; `address` may be empty (min 0). */
export function userInResponse(email: string, userName: string, addresses: 'none-or-more' | 'at-least-one' = 'none-or-more') {
  return {
    _id: serverId(EXAMPLE_USER_ID),
    userId: serverId(EXAMPLE_USER_ID),
    userName: string(userName),
    email: string(email),
    isEmailVerified: boolean(false),
    phone: string(''),
    phoneCCode: string(''),
    phoneACode: string(''),
    phoneMain: string(''),
    name: string(''),
    surname: string(''),
    address: eachLike(addressInResponse, addresses === 'at-least-one' ? 1 : 0),
  };
}

/**
 * A sign-up at the free address `<emailPrefix>@example.com` that the state hands out, and the 201
 * that creates the account; `consents` go along when the form asked for them (D24).
 */
export function signUp(newcomer: { userName: string; password: string }, emailPrefix: string, consents?: Record<string, unknown>) {
  const email = `${emailPrefix}@example.com`;
  return {
    given: { [STATES.emailUnregistered]: { emailPrefix } },
    request: {
      method: 'POST',
      path: '/api/users/register',
      headers: jsonHeaders(),
      body: {
        userName: string(newcomer.userName),
        email: fromProviderState(injected(STATES.emailUnregistered, 'email'), email),
        password: string(newcomer.password),
        ...(consents && { consents }),
      },
    },
    response: {
      status: 201,
      body: { success: boolean(true), user: userInResponse(email, newcomer.userName), message: string('User registered successfully.') },
    },
  };
}

/** The domain user the gateway must hand back for `userInResponse` examples (min 0: no example address). */
export function expectedUser(email: string, userName: string, addresses: 'none-or-more' | 'at-least-one' = 'none-or-more') {
  return {
    _id: EXAMPLE_USER_ID,
    userId: EXAMPLE_USER_ID,
    userName,
    email,
    isEmailVerified: false,
    phone: '',
    phoneCCode: '',
    phoneACode: '',
    phoneMain: '',
    name: '',
    surname: '',
    address: addresses === 'at-least-one' ? [expectedAddress] : [],
  };
}

export const expectedAddress: Address = {
  _id: EXAMPLE_ADDRESS_ID,
  addressId: 1,
  addressName: 'Home',
  addressType: 'Home',
  receiverName: 'Ayşe Yılmaz',
  receiverPhoneCCode: '+90',
  receiverPhoneACode: '532',
  receiverPhoneMain: '1234567',
  addressDetails: 'Moda Cd. 12, Daire 4',
  stateCode: '34',
  stateId: 34,
  stateName: 'İstanbul',
  subMunicipalityId: 1421,
  subMunicipalityNameInitialCapital: 'Kadıköy',
  neighbourId: 40211,
  neighbourNameInitialCapital: 'Caferağa',
  streetOrAvenue: 'Moda Cd.',
  building: '12',
  apartment: '4',
  postalCode: '34710',
  countryName: 'Türkiye',
  isDefaultAddress: true,
  isCorporateInvoice: false,
  taxNumber: '',
  taxOffice: '',
  corporateTitle: '',
};

/** A new address as the address form hands it to the gateway (no server id yet). */
export function newAddress(overrides: Partial<Address> = {}): Address {
  const { _id: _serverId, addressId: _number, ...fields } = expectedAddress;
  return { ...fields, ...overrides };
}

/**
 * The update-address body the gateway sends for `address`, as a pact template: types for the
 * text fields, the exact shape for the rest. `id` is the template of `_id` when it is sent.
 */
export function addressRequestBody(address: Address, id?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(address)) {
    if (key === '_id') continue;
    if (key === 'receiverPhoneACode' || key === 'receiverPhoneMain') body[key] = regex('^\\d*$', String(value));
    else if (key === 'addressType') body[key] = regex('^(Home|Work|)$', String(value));
    else if (typeof value === 'string') body[key] = string(value);
    else if (typeof value === 'number') body[key] = integer(value);
    else if (typeof value === 'boolean') body[key] = boolean(value);
    else if (value === null) body[key] = nullValue();
  }
  if (id !== undefined) body._id = id;
  return body;
}

export const EXAMPLE_ORDER_ID = '65f1c0ffee0000000000cd01';
export const EXAMPLE_PRODUCT_ID = '65f1c0ffee0000000000ab01';
export const EXAMPLE_IDEMPOTENCY_KEY = 'contract-0123456789abcdef';

/** The headers of POST /api/orders: the access token, and the unused idempotency key the state hands out. */
export const placeOrderHeaders = () => ({
  ...jsonHeaders(EXAMPLE_ACCESS_TOKEN),
  'Idempotency-Key': fromProviderState(injected(STATES.orderKeyUnused, 'idempotencyKey'), EXAMPLE_IDEMPOTENCY_KEY),
});

/** Order and product ids are 24 lowercase hex digits (docs/api.md, Orders). */
export const hexId = (example: string): MatchersV3.V3RegexMatcher => regex('^[0-9a-f]{24}$', example);

const { isDefaultAddress: _default, ...orderAddressInResponse } = addressInResponse;
const { isDefaultAddress: _expectedDefault, ...expectedOrderAddress } = expectedAddress;

/** A time in ISO 8601 UTC, as the server writes it. */
export const isoTime = (example: string): MatchersV3.V3RegexMatcher =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', example);

/** An order as place, get and cancel answer it; `status` says which one. */
export function orderInResponse(status: 'placed' | 'cancelled') {
  return {
    _id: hexId(EXAMPLE_ORDER_ID),
    orderNumber: regex('^SF-\\d{6,}$', 'SF-000123'),
    status: regex('^(placed|cancelled)$', status),
    createdAt: isoTime('2026-11-20T10:15:00.000Z'),
    cancelledAt: status === 'placed' ? nullValue() : isoTime('2026-11-20T11:00:00.000Z'),
    lines: eachLike({
      _id: hexId(EXAMPLE_PRODUCT_ID),
      prodName: string('Kahve Fincanı'),
      prodPrice: number(120.5),
      quantity: integer(2),
      lineTotal: number(241),
    }),
    productTotal: number(241),
    shippingFee: number(100),
    total: number(341),
    billingAddress: orderAddressInResponse,
    shippingAddress: orderAddressInResponse,
    paymentMethod: regex('^(cash|card)-on-delivery$', 'card-on-delivery'),
    paymentStatus: string(status === 'placed' ? 'due-on-delivery' : 'cancelled'),
  };
}

/** The two documents of D24 as the server renders them (POST /api/orders/contract, an order's `contract`). */
export const legalDocumentsInResponse = [
  { kind: 'pre-information', title: string('Ön Bilgilendirme Formu'), text: string('1. Satıcı\nUnvan: Storefront Demo Ticaret A.Ş.') },
  { kind: 'distance-sales', title: string('Mesafeli Satış Sözleşmesi'), text: string('Madde 1. Taraflar\nSATICI') },
];
export const expectedLegalDocuments = [
  { kind: 'pre-information', title: 'Ön Bilgilendirme Formu', text: '1. Satıcı\nUnvan: Storefront Demo Ticaret A.Ş.' },
  { kind: 'distance-sales', title: 'Mesafeli Satış Sözleşmesi', text: 'Madde 1. Taraflar\nSATICI' },
];
export const EXAMPLE_CONTRACT_VERSION = 'mss-2026-11-27';
export const EXAMPLE_CONTRACT_SHA256 = 'a'.repeat(64);
export const sha256Hex = (example: string): MatchersV3.V3RegexMatcher => regex('^[0-9a-f]{64}$', example);

/** The contract an order was accepted under, as one order's answer carries it (D24). */
export const acceptedContractInResponse = {
  version: string(EXAMPLE_CONTRACT_VERSION),
  sha256: sha256Hex(EXAMPLE_CONTRACT_SHA256),
  acceptedAt: isoTime('2026-11-20T10:15:00.000Z'),
  documents: legalDocumentsInResponse,
};
export const expectedAcceptedContract = {
  version: EXAMPLE_CONTRACT_VERSION,
  sha256: EXAMPLE_CONTRACT_SHA256,
  acceptedAt: '2026-11-20T10:15:00.000Z',
  documents: expectedLegalDocuments,
};

/** The domain order the gateway must hand back for `orderInResponse(status)`. */
export function expectedOrder(status: 'placed' | 'cancelled') {
  return {
    id: EXAMPLE_ORDER_ID,
    orderNumber: 'SF-000123',
    status,
    createdAt: '2026-11-20T10:15:00.000Z',
    cancelledAt: status === 'placed' ? null : '2026-11-20T11:00:00.000Z',
    lines: [{ productId: EXAMPLE_PRODUCT_ID, prodName: 'Kahve Fincanı', prodPrice: 120.5, quantity: 2, lineTotal: 241 }],
    productTotal: 241,
    shippingFee: 100,
    total: 341,
    billingAddress: expectedOrderAddress,
    shippingAddress: expectedOrderAddress,
    paymentMethod: 'card-on-delivery',
    paymentStatus: status === 'placed' ? 'due-on-delivery' : 'cancelled',
    contract: null,
  };
}
