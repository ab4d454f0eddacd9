import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import type { AccountContext } from './account-context';
import { deleteAddressBody, profileBody, updateAddressBody } from './account-schemas';

const GONE = 'Unauthorized: invalid or expired access token.';

/** The signed-in user's profile and address book; every query is scoped to the caller. */
export async function profileRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  const { ctx } = opts;

  app.get('/api/users/profile', async (request) => {
    const session = await ctx.authenticate(request);
    const user = await ctx.store.findById(session.userId);
    if (!user) throw new HttpError(401, GONE);
    return { success: true, user: await ctx.store.toWire(user) };
  });

  app.put('/api/users/profile', async (request) => {
    const session = await ctx.authenticate(request);
    // `email` and `userId` are read-only (SPEC 6): the schema accepts and drops them.
    const { email: _email, userId: _userId, ...fields } = parseInput(profileBody, request.body);
    await ctx.store.updateProfile(session.userId, fields);
    return { success: true, message: 'User information updated successfully!' };
  });

  app.put('/api/users/update-address', async (request) => {
    const session = await ctx.authenticate(request);
    const { _id, addressId: _ignored, isDefaultAddress, ...fields } = parseInput(updateAddressBody, request.body);
    if (!fields.isCorporateInvoice) {
      // Invoice details only exist for a corporate invoice (SPEC 3).
      fields.taxNumber = '';
      fields.taxOffice = '';
      fields.corporateTitle = '';
    }
    const id = await ctx.store.saveAddress(session.userId, _id, fields, isDefaultAddress, ctx.clock.now());
    return { success: true, _newId: id, message: 'Address information updated successfully!' };
  });

  app.post('/api/users/delete-address', async (request) => {
    const session = await ctx.authenticate(request);
    const { _id } = parseInput(deleteAddressBody, request.body);
    if (!(await ctx.store.deleteAddress(session.userId, _id))) throw new HttpError(404, 'Address not found.');
    return { success: true, message: 'Address deleted successfully!' };
  });
}
