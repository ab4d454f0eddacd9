import { z } from 'zod/mini';
import type { Consents } from '@shop/core/domain/consent';

const wireConsentSchema = z.nullable(z.object({ granted: z.boolean(), version: z.string(), at: z.string() }));

/** `consents` of GET /api/users/profile and PUT /api/users/consents (docs/api.md, Consents). */
export const wireConsentsSchema = z.object({ privacyNotice: wireConsentSchema, marketing: wireConsentSchema });

/** A server without D24 answers the profile without `consents`: nothing was recorded. */
export const wireProfileConsentsSchema = z.object({ consents: z.optional(wireConsentsSchema) });

export const wireConsentsAnswerSchema = z.object({ consents: wireConsentsSchema });

/** The export is handed over as it came: only its envelope is checked. */
export const wireDataExportSchema = z.looseObject({ exportedAt: z.string() });

export function toConsents(wire: z.infer<typeof wireConsentsSchema> | undefined): Consents {
  return { privacyNotice: wire?.privacyNotice ?? null, marketing: wire?.marketing ?? null };
}
