import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Seller } from '../config';
import { notModifiedResponse, preparedRoute, prepareJson, sendPrepared } from '@shop/core/node/prepared-answer';
import { paymentMethods } from '../payments/payment-methods';
import { CONTRACT_TEMPLATE_VERSION, contractTemplates, DOCUMENT_KINDS } from './contract-documents';
import { PRIVACY_NOTICE_TITLE, PRIVACY_NOTICE_VERSION, privacyNoticeText } from './privacy-notice';

const wireSeller = z
  .object({
    name: z.string(),
    address: z.string(),
    taxId: z.string().describe('Tax office and number (vergi dairesi ve numarası)'),
    mersis: z.string().describe('MERSİS number'),
    email: z.string(),
    phone: z.string(),
  })
  .describe('The seller (SELLER_* settings): the data controller of the privacy notice and the seller of the contracts');

const wireDocument = z.object({ kind: z.enum(DOCUMENT_KINDS), title: z.string(), text: z.string() });

/** GET /api/legal (D24): the shop's legal texts, in Turkish, plain text (paragraphs split by a blank line, lines by a line break). */
export const legalTextsAnswer = z.object({
  seller: wireSeller,
  privacyNotice: z
    .object({ version: z.string(), title: z.string(), text: z.string() })
    .describe('The privacy notice (aydınlatma metni, KVKK art. 10); the sign-up consent records its version'),
  terms: z
    .object({ version: z.string(), documents: z.array(wireDocument) })
    .describe('The pre-information form and the distance sales contract as templates: the seller filled in, the buyer and the order blank'),
});
export type LegalTexts = z.infer<typeof legalTextsAnswer>;

/** The texts for `seller`: what GET /api/legal answers and what a server render reads in process. */
export function legalTexts(seller: Seller): LegalTexts {
  return {
    seller: { ...seller },
    privacyNotice: { version: PRIVACY_NOTICE_VERSION, title: PRIVACY_NOTICE_TITLE, text: privacyNoticeText(seller) },
    terms: {
      version: CONTRACT_TEMPLATE_VERSION,
      documents: contractTemplates(
        seller,
        Object.values(paymentMethods).map((method) => method.label),
      ),
    },
  };
}

/** They change only with the settings or a release (a new process): a client may keep them an hour, then revalidate by ETag. */
export const LEGAL_CACHE_CONTROL = 'public, max-age=3600';

/** The public legal texts of D24, for /privacy, /terms and the footer: made once per process. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = prepareJson(legalTextsAnswer, legalTexts(app.config.seller));
  app.get(
    '/api/legal',
    {
      ...preparedRoute,
      config: { public: true },
      schema: {
        operationId: 'getLegalTexts',
        summary: 'The shop’s legal texts: the seller, the privacy notice and the contract templates (D24)',
        description:
          'Public and the same for everyone: the seller’s details from the SELLER_* settings, the privacy notice (aydınlatma metni) with the version a sign-up acknowledges, and the pre-information form and distance sales contract with the buyer and the order left blank. Cacheable, with an ETag.',
        response: { 200: legalTextsAnswer, 304: notModifiedResponse },
      },
    },
    async (request, reply) => sendPrepared(request, reply, answer, LEGAL_CACHE_CONTROL),
  );
};
