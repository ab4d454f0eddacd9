import { z } from 'zod/mini';
import { wireLegalDocumentSchema } from './order-wire';

/** GET /api/legal (D24; docs/api.md, Legal texts). */
export const wireLegalTextsSchema = z.object({
  seller: z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    mersis: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  privacyNotice: z.object({ version: z.string(), title: z.string(), text: z.string() }),
  terms: z.object({ version: z.string(), documents: z.array(wireLegalDocumentSchema) }),
});
