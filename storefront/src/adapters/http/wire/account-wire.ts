import { z } from 'zod/mini';
import type { AccountSession } from '@shop/core/domain/account-session';
import type { User } from '@shop/core/domain/user';
import { wireAddressSchema } from './address-wire';
import { wireFlag, wireId, wireText } from './wire-text';

/** The user object of login, register and profile answers (never a password or hash). */
export const wireUserSchema = z.object({
  _id: wireId,
  userId: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  userName: wireText,
  email: z.string(),
  isEmailVerified: wireFlag,
  phone: wireText,
  phoneCCode: wireText,
  phoneACode: wireText,
  phoneMain: wireText,
  name: wireText,
  surname: wireText,
  address: z.pipe(
    z.nullish(z.array(wireAddressSchema)),
    z.transform((value) => value ?? []),
  ),
}) satisfies z.ZodMiniType<User>;

export const wireLoginSchema = z.object({
  accessToken: wireId,
  refreshToken: wireId,
  user: wireUserSchema,
});

export const wireRegisterSchema = z.object({ user: wireUserSchema });

/** D4: refresh answers a rotated pair. */
export const wireTokenPairSchema = z.object({
  accessToken: wireId,
  refreshToken: wireId,
});

export const wireProfileSchema = z.object({ user: wireUserSchema });

/** Calls answering `{ success, message }` only: any 2xx body will do (success:false is handled before). */
export const wireAcknowledgementSchema = z.unknown();

/** GET /api/users/sessions: `{ success, sessions }`, most recently used first (ASVS 7.5.2). */
export const wireSessionListSchema = z.object({
  sessions: z.array(
    z.pipe(
      z.object({
        _id: wireId,
        browser: wireText,
        os: wireText,
        createdAt: z.string(),
        lastUsedAt: z.string(),
        current: wireFlag,
      }),
      z.transform(({ _id, ...session }): AccountSession => ({ id: _id, ...session })),
    ),
  ),
});
