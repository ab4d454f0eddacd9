import { z } from 'zod';
import { wireConsents } from '../legal/consents';

const text = (max: number) => z.string().max(max);
/** Client-sent mail fields (to, cc, bcc, subject, html): accepted and ignored (D6). */
const ignoredMailField = z.union([z.string().max(100_000), z.array(z.string().max(1000)).max(50), z.null()]).optional();

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'A valid email address is required.' }));

export const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

/**
 * D24: what the shopper consented to at sign-up. Optional (SPEC's body has none); when sent, the
 * privacy notice must be acknowledged and marketing messages are only what was opted into.
 */
export const signUpConsents = z.object({
  privacyNotice: z.literal(true, { error: 'You must accept the privacy notice (Aydınlatma Metni) to sign up.' }),
  marketing: z.boolean().default(false),
});

export const registerBody = z.object({
  userName: z.string().trim().min(1).max(100),
  email: emailSchema,
  password: z.string().max(1024),
  consents: signUpConsents.optional(),
});

export const updatePasswordBody = z.object({
  _id: text(64).optional(),
  currentPassword: z.string().max(1024).optional(),
  newPassword: z.string().max(1024),
  confirmPassword: z.string().max(1024),
  token: text(200).optional(),
});

export const resetPasswordBody = z.object({ newpass: z.string().max(1024) });

export const forgotPasswordBody = z.object({
  to: emailSchema,
  cc: ignoredMailField,
  bcc: ignoredMailField,
  subject: ignoredMailField,
  html: ignoredMailField,
});

export const verifyEmailBody = z.object({
  to: ignoredMailField,
  cc: ignoredMailField,
  bcc: ignoredMailField,
  subject: ignoredMailField,
  html: ignoredMailField,
});

export const verifyEmailAnonymousBody = z.object({
  to: emailSchema,
  cc: ignoredMailField,
  bcc: ignoredMailField,
  subject: ignoredMailField,
  html: ignoredMailField,
});

/** PUT /api/users/profile. `email` and `userId` are read-only: accepted and ignored. */
export const profileBody = z.object({
  email: z.unknown().optional(),
  userId: z.unknown().optional(),
  userName: z.string().trim().min(1).max(100).optional(),
  phone: text(40).optional(),
  phoneCCode: text(10).optional(),
  phoneACode: text(10).optional(),
  phoneMain: text(20).optional(),
  name: text(100).optional(),
  surname: text(100).optional(),
});

const digits = (max: number) => z.string().max(max).regex(/^\d*$/, { message: 'Digits only.' });

/** The stored fields of an address (SPEC section 3); missing strings default to empty. */
export const addressFields = z.object({
  addressName: text(100).default(''),
  addressType: z.enum(['Home', 'Work', '']).default(''),
  receiverName: text(200).default(''),
  receiverPhoneCCode: text(10).default(''),
  receiverPhoneACode: digits(10).default(''),
  receiverPhoneMain: digits(20).default(''),
  addressDetails: text(2000).default(''),
  stateCode: text(10).default(''),
  stateId: z.number().int().nullable().default(null),
  stateName: text(100).default(''),
  subMunicipalityId: z.number().int().nullable().default(null),
  subMunicipalityNameInitialCapital: text(100).default(''),
  neighbourId: z.number().int().nullable().default(null),
  neighbourNameInitialCapital: text(200).default(''),
  streetOrAvenue: text(200).default(''),
  building: text(50).default(''),
  apartment: text(50).default(''),
  postalCode: text(20).default(''),
  countryName: text(100).default(''),
  isCorporateInvoice: z.boolean().default(false),
  taxNumber: text(50).default(''),
  taxOffice: text(100).default(''),
  corporateTitle: text(200).default(''),
});
export type AddressFields = z.infer<typeof addressFields>;

export const updateAddressBody = addressFields.extend({
  _id: z.string().min(1).max(64).optional(),
  // Server-assigned; a client value is ignored.
  addressId: z.unknown().optional(),
  isDefaultAddress: z.boolean().default(false),
});

export const deleteAddressBody = z.object({ _id: z.string().min(1).max(64) });

export const tokenParams = z.object({ token: z.string().min(1).max(200) });

// ---- Answers (response schemas: anything not declared here is stripped from the wire) ----

/** `{ success: true, message }`, the answer of most account calls. */
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

export const wireAddress = z.object({
  ...addressFields.shape,
  _id: z.string(),
  addressId: z.number(),
  isDefaultAddress: z.boolean(),
});
export type WireAddress = z.infer<typeof wireAddress>;

/** A user as the API shows it: never the password hash or any other column. */
export const wireUser = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  phone: z.string(),
  phoneCCode: z.string(),
  phoneACode: z.string(),
  phoneMain: z.string(),
  name: z.string(),
  surname: z.string(),
  address: z.array(wireAddress),
});
export type WireUser = z.infer<typeof wireUser>;

export const sessionPair = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const loginAnswer = sessionPair.extend({ user: wireUser, message: z.string() });

export const registerAnswer = z.object({ success: z.literal(true), user: wireUser, message: z.string() });

/** 409 of register: the address is taken (SPEC's `error` field). */
export const emailTakenAnswer = z.object({ success: z.literal(false), message: z.string(), error: z.literal('EMAIL_TAKEN') });

/** SPEC's `{ success, user }`, and the caller's consents (D24, an addition). */
export const profileAnswer = z.object({ success: z.literal(true), user: wireUser, consents: wireConsents.optional() });

export const addressSavedAnswer = okMessage.extend({ _newId: z.string() });
