import { z } from 'zod';
import type { User } from '../../../domain/user';
import { wireAddressSchema } from './address-wire';
import { wireText } from './wire-text';

/** The user object of login, register and profile answers (never a password or hash). */
export const wireUserSchema = z.object({
  _id: z.string().min(1),
  userId: z.union([z.string(), z.number()]).transform(String),
  userName: wireText,
  email: z.string(),
  isEmailVerified: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  phone: wireText,
  phoneCCode: wireText,
  phoneACode: wireText,
  phoneMain: wireText,
  name: wireText,
  surname: wireText,
  address: z
    .array(wireAddressSchema)
    .nullish()
    .transform((value) => value ?? []),
}) satisfies z.ZodType<User>;

export const wireLoginSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  user: wireUserSchema,
});

export const wireRegisterSchema = z.object({ user: wireUserSchema });

/** D4: refresh answers a rotated pair. */
export const wireTokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});

export const wireProfileSchema = z.object({ user: wireUserSchema });

/** Calls answering `{ success, message }` only: any 2xx body will do (success:false is handled before). */
export const wireAcknowledgementSchema = z.unknown();
