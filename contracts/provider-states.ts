/**
 * The provider states of the storefront contracts: their names, their parameters, and the
 * values a state hands back to the verifier for injection (`fromProviderState`). The consumer
 * tests and the provider verification both import this module, so a state cannot be renamed on
 * one side only. docs/contracts.md says what each state must set up.
 */

export const STATES = {
  productsExist: 'the catalogue has products',
  categoryHasProducts: 'a category has products',
  searchMatchesProducts: 'a search text matches several products',
  productExists: 'a product exists',
  productHasVariants: 'a product has variants',
  catalogueHasOptionInStock: "the catalogue has an option's value in stock",
  productHasRelated: 'a product has related products',
  noProductWithId: 'no product has the id',
  categoriesExist: 'the category tree exists',
  cityWithDistricts: 'a city with sub-municipalities exists',
  userExists: 'a user exists',
  emailUnregistered: 'an email address is not registered',
  userLoggedIn: 'a user is logged in',
  userHasAddress: 'the logged-in user has an address',
  otherUserHasAddress: 'another user has an address',
  refreshTokenRotated: 'the refresh token has already been rotated',
  accessTokenInvalid: 'the access token is invalid or expired',
  verificationTokenExists: 'an email verification token exists',
  anonymousVerificationTokenExists: 'an anonymous verification token exists',
  anonymousVerificationPending: 'a verification email is pending for an address',
  verificationTokenUnknown: 'the verification token is unknown',
  resetTokenExists: 'a password reset token exists',
  resetTokenUnknown: 'the reset token is unknown',
  userEmailVerified: "a user's email address gets verified",
  orderKeyUnused: 'an idempotency key is unused',
  orderContractRendered: 'the contract of the order request is rendered',
  marketingConsentGiven: 'the logged-in user has opted into marketing messages',
  userHasOrder: 'the logged-in user has an order',
  userHasCancelledOrder: 'the logged-in user has a cancelled order',
  otherUserHasOrder: 'another user has an order',
  userSignedInElsewhere: 'the logged-in user is signed in on another device too',
  otherUserSignedIn: 'another user is signed in',
  variantSoldOut: 'a variant of a product is sold out',
  variantOrderContractRendered: 'the contract of an order for a variant is rendered',
} as const;

export type StateName = (typeof STATES)[keyof typeof STATES];

interface Credentials {
  email: string;
  password: string;
}

/** Parameters of each state, as written into the pact file. */
export interface StateParams {
  [STATES.productsExist]: Record<string, never>;
  [STATES.categoryHasProducts]: Record<string, never>;
  [STATES.searchMatchesProducts]: Record<string, never>;
  /** The product has a description, a price and at least one image. */
  [STATES.productExists]: Record<string, never>;
  /** D25: a priced product sold as variants (options, stock). */
  [STATES.productHasVariants]: Record<string, never>;
  /** D25: a priced product has a variant in stock with a value of the option named `option` (e.g. Beden). */
  [STATES.catalogueHasOptionInStock]: { option: string };
  /** D25: a product whose related products (GET /api/product/{id}/related) are at least one. */
  [STATES.productHasRelated]: Record<string, never>;
  [STATES.noProductWithId]: { productId: string };
  [STATES.categoriesExist]: Record<string, never>;
  /** stateCode: Turkish plate code of the city, e.g. "34". */
  [STATES.cityWithDistricts]: { stateCode: string };
  [STATES.userExists]: Credentials & { userName: string };
  [STATES.emailUnregistered]: { emailPrefix: string };
  /** Also creates the user when missing, so it can stand alone. */
  [STATES.userLoggedIn]: Credentials & { userName: string };
  [STATES.userHasAddress]: { addressName: string };
  [STATES.otherUserHasAddress]: Credentials & { userName: string; addressName: string };
  [STATES.refreshTokenRotated]: Credentials & { userName: string };
  [STATES.accessTokenInvalid]: Record<string, never>;
  [STATES.verificationTokenExists]: Credentials & { userName: string };
  [STATES.anonymousVerificationTokenExists]: { emailPrefix: string };
  [STATES.anonymousVerificationPending]: { emailPrefix: string };
  [STATES.verificationTokenUnknown]: { token: string };
  [STATES.resetTokenExists]: Credentials & { userName: string };
  [STATES.resetTokenUnknown]: { token: string };
  [STATES.userEmailVerified]: Credentials & { userName: string };
  [STATES.orderKeyUnused]: Record<string, never>;
  /**
   * Needs "a user is logged in", "the logged-in user has an address" and "a product exists" first:
   * the documents of D24 for that product in `quantity`, to that address (billing and shipping).
   */
  [STATES.orderContractRendered]: { quantity: number; paymentMethod: string };
  /** Needs "a user is logged in" first (D24): marketing messages turned on through the profile's call. */
  [STATES.marketingConsentGiven]: Record<string, never>;
  /** Needs "a user is logged in" first: one placed order of a priced product to a saved address. */
  [STATES.userHasOrder]: Record<string, never>;
  /** Needs "a user is logged in" first: an order placed, then cancelled. */
  [STATES.userHasCancelledOrder]: Record<string, never>;
  [STATES.otherUserHasOrder]: Credentials & { userName: string };
  /** After "a user is logged in", with the same credentials: a second sign-in of that account. */
  [STATES.userSignedInElsewhere]: Credentials & { userName: string };
  [STATES.otherUserSignedIn]: Credentials & { userName: string };
  /** D25: a product sold as variants, one of which has no stock left ('Haber ver' is for it). */
  [STATES.variantSoldOut]: Record<string, never>;
  /**
   * D25, needs "a user is logged in" and "the logged-in user has an address" first: the documents
   * of D24 for `quantity` of a variant, to that address; the variant has at least `quantity` units
   * left, or, with `soldOut`, none.
   */
  [STATES.variantOrderContractRendered]: { quantity: number; paymentMethod: string; soldOut: boolean };
}

/** Values a state hands back for `fromProviderState('${name}', example)` expressions. */
export interface StateValues {
  [STATES.productsExist]: Record<string, never>;
  [STATES.categoryHasProducts]: { categoryId: number };
  /** A word the search (D18) finds in at least two products. */
  [STATES.searchMatchesProducts]: { q: string };
  /** The product, and the path of its first picture (prodImg1) on the provider's host. */
  [STATES.productExists]: { productId: string; picturePath: string };
  /** The product, and its name: a search for it (POST /api/product { q }) lists it. */
  [STATES.productHasVariants]: { productId: string; productName: string };
  /** The value, and the price of a product matching it: { options: { [option]: [value] }, minPrice: price, maxPrice: price, inStock: true } lists it. */
  [STATES.catalogueHasOptionInStock]: { value: string; price: number };
  /** The product; its related products are at least one. */
  [STATES.productHasRelated]: { productId: string };
  [STATES.noProductWithId]: Record<string, never>;
  [STATES.categoriesExist]: Record<string, never>;
  [STATES.cityWithDistricts]: { subMunicipalityId: number };
  [STATES.userExists]: { userId: string };
  /** A fresh address starting with the prefix, so reruns against a long-lived provider still find it free. */
  [STATES.emailUnregistered]: { email: string };
  /** The live session's tokens: the pact's `Authorization` headers are `Bearer ${accessToken}` or `Bearer ${refreshToken}`. */
  [STATES.userLoggedIn]: { userId: string; accessToken: string; refreshToken: string };
  [STATES.userHasAddress]: { addressId: string };
  [STATES.otherUserHasAddress]: { otherAddressId: string };
  /** The live access token, and the refresh token that was already rotated away. */
  [STATES.refreshTokenRotated]: { userId: string; accessToken: string; refreshToken: string };
  [STATES.accessTokenInvalid]: Record<string, never>;
  [STATES.verificationTokenExists]: { verificationToken: string };
  [STATES.anonymousVerificationTokenExists]: { anonymousToken: string };
  [STATES.anonymousVerificationPending]: { email: string };
  [STATES.verificationTokenUnknown]: Record<string, never>;
  [STATES.resetTokenExists]: { resetToken: string };
  [STATES.resetTokenUnknown]: Record<string, never>;
  [STATES.userEmailVerified]: Record<string, never>;
  /** A fresh key per run, so reruns against a long-lived provider never reuse one. */
  [STATES.orderKeyUnused]: { idempotencyKey: string };
  /** What the order's contractAcceptance names (D24): the template version and the text's SHA-256. */
  [STATES.orderContractRendered]: { contractVersion: string; contractSha256: string };
  [STATES.marketingConsentGiven]: Record<string, never>;
  [STATES.userHasOrder]: { orderId: string };
  [STATES.userHasCancelledOrder]: { orderId: string };
  [STATES.otherUserHasOrder]: { otherOrderId: string };
  /** The second sign-in's session id, as the session list names it (ASVS 7.5.2). */
  [STATES.userSignedInElsewhere]: { otherSessionId: string };
  [STATES.otherUserSignedIn]: { otherUserSessionId: string };
  [STATES.variantSoldOut]: { productId: string; variantId: string };
  /** The product and variant of the order request, and what its contractAcceptance names. */
  [STATES.variantOrderContractRendered]: { productId: string; variantId: string; contractVersion: string; contractSha256: string };
}

/** The expression for an injected value, checked against the state's declared values. */
export function injected<S extends StateName>(_state: S, key: keyof StateValues[S] & string): string {
  return `\${${key}}`;
}
