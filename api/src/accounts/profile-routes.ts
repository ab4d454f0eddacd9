import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { addressSavedAnswer, deleteAddressBody, okMessage, profileAnswer, profileBody, updateAddressBody } from './account-schemas';

const GONE = 'Unauthorized: invalid or expired access token.';

/**
 * The signed-in user's profile and address book; every query is scoped to the caller. None is
 * public: the auth hook (auth/authentication.ts) has put the caller's session on the request.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users/profile', { schema: { response: { 200: profileAnswer, ...errorResponses(401) } } }, async (request) => {
    const user = await app.accounts.findById(request.session.userId);
    if (!user) throw new HttpError(401, GONE);
    const consents = await app.consents.current(user.id);
    return { success: true as const, user: await app.accounts.toWire(user), consents };
  });

  app.put(
    '/api/users/profile',
    { schema: { body: profileBody, response: { 200: okMessage, ...errorResponses(400, 401) } } },
    async (request) => {
      // `email` and `userId` are read-only (SPEC 6): the schema accepts and drops them.
      const { email: _email, userId: _userId, ...fields } = request.body;
      await app.accounts.updateProfile(request.session.userId, fields);
      return { success: true as const, message: 'User information updated successfully!' };
    },
  );

  app.put(
    '/api/users/update-address',
    { schema: { body: updateAddressBody, response: { 200: addressSavedAnswer, ...errorResponses(400, 401, 404) } } },
    async (request) => {
      const { _id, addressId: _ignored, isDefaultAddress, ...fields } = request.body;
      if (!fields.isCorporateInvoice) {
        // Invoice details only exist for a corporate invoice (SPEC 3).
        fields.taxNumber = '';
        fields.taxOffice = '';
        fields.corporateTitle = '';
      }
      const id = await app.accounts.saveAddress(request.session.userId, _id, fields, isDefaultAddress, app.clock.now());
      return { success: true as const, _newId: id, message: 'Address information updated successfully!' };
    },
  );

  app.post(
    '/api/users/delete-address',
    { schema: { body: deleteAddressBody, response: { 200: okMessage, ...errorResponses(400, 401, 404) } } },
    async (request) => {
      if (!(await app.accounts.deleteAddress(request.session.userId, request.body._id))) throw new HttpError(404, 'Address not found.');
      return { success: true as const, message: 'Address deleted successfully!' };
    },
  );
};
