import { emailKey } from '@shop/core/domain/email-address';
import { newId } from '../db/new-id';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';
import type { AddressFields, WireUser } from './account-schemas';

export interface UserRow {
  id: string;
  email: string;
  email_key: string;
  user_name: string;
  password_hash: string;
  is_email_verified: boolean;
  phone: string;
  phone_c_code: string;
  phone_a_code: string;
  phone_main: string;
  name: string;
  surname: string;
}

interface AddressRow {
  id: string;
  address_id: number;
  is_default: boolean;
  data: AddressFields | string;
}

/** Saving more addresses than this is refused: a profile is no storage service. */
export const MAX_ADDRESSES_PER_USER = 50;

/** Users and their addresses. Every address query is scoped by the owner's id. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const found = await this.db.query<UserRow>('SELECT * FROM users WHERE email_key = $1', [emailKey(email)]);
    return found.rows[0];
  }

  async findById(id: string, db: Db = this.db): Promise<UserRow | undefined> {
    const found = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return found.rows[0];
  }

  /** Null when the email is taken (the unique key decides, so concurrent sign-ups are safe). */
  async insert(user: { email: string; userName: string; passwordHash: string; now: Date }): Promise<UserRow | null> {
    const inserted = await this.db.query<UserRow>(
      `INSERT INTO users (id, email, email_key, user_name, password_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (email_key) DO NOTHING
       RETURNING *`,
      [newId(), user.email.trim(), emailKey(user.email), user.userName, user.passwordHash, user.now.toISOString()],
    );
    return inserted.rows[0] ?? null;
  }

  async updateProfile(
    id: string,
    fields: {
      userName?: string;
      phone?: string;
      phoneCCode?: string;
      phoneACode?: string;
      phoneMain?: string;
      name?: string;
      surname?: string;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE users SET
         user_name = COALESCE($2, user_name), phone = COALESCE($3, phone),
         phone_c_code = COALESCE($4, phone_c_code), phone_a_code = COALESCE($5, phone_a_code),
         phone_main = COALESCE($6, phone_main), name = COALESCE($7, name), surname = COALESCE($8, surname)
       WHERE id = $1`,
      [
        id,
        fields.userName ?? null,
        fields.phone ?? null,
        fields.phoneCCode ?? null,
        fields.phoneACode ?? null,
        fields.phoneMain ?? null,
        fields.name ?? null,
        fields.surname ?? null,
      ],
    );
  }

  /**
   * Sets a new password (change or reset) and voids the user's pending reset links: a link mailed
   * before must not undo it. Pass the transaction the change runs in.
   */
  async setPasswordHash(id: string, passwordHash: string, db: Db = this.db): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    await db.query("DELETE FROM mail_tokens WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL", [id]);
  }

  async markEmailVerified(id: string, expectedEmailKey: string, db: Db = this.db): Promise<boolean> {
    const updated = await db.query('UPDATE users SET is_email_verified = true WHERE id = $1 AND email_key = $2 RETURNING id', [
      id,
      expectedEmailKey,
    ]);
    return updated.rows.length > 0;
  }

  /** One of the user's addresses as the address book has it now; another user's or an unknown id is undefined. */
  async findAddress(
    userId: string,
    id: string,
    db: Db = this.db,
  ): Promise<(AddressFields & { _id: string; addressId: number }) | undefined> {
    const { rows } = await db.query<AddressRow>('SELECT id, address_id, is_default, data FROM addresses WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    const row = rows[0];
    if (!row) return undefined;
    return { ...addressData(row), _id: row.id, addressId: Number(row.address_id) };
  }

  async toWire(user: UserRow): Promise<WireUser> {
    const addresses = await this.db.query<AddressRow>(
      'SELECT id, address_id, is_default, data FROM addresses WHERE user_id = $1 ORDER BY address_id DESC',
      [user.id],
    );
    return {
      _id: user.id,
      userId: user.id,
      userName: user.user_name,
      email: user.email,
      isEmailVerified: user.is_email_verified,
      phone: user.phone,
      phoneCCode: user.phone_c_code,
      phoneACode: user.phone_a_code,
      phoneMain: user.phone_main,
      name: user.name,
      surname: user.surname,
      address: addresses.rows.map((row) => ({
        ...addressData(row),
        _id: row.id,
        addressId: Number(row.address_id),
        isDefaultAddress: row.is_default,
      })),
    };
  }

  /**
   * Inserts (no `_id`) or updates the caller's address in one transaction. Another user's or an
   * unknown `_id` is `not-found` and changes nothing. A default address takes the default from the others.
   */
  async saveAddress(userId: string, id: string | undefined, fields: AddressFields, isDefault: boolean, now: Date): Promise<string> {
    const data = JSON.stringify(fields);
    return this.db.transaction(async (tx) => {
      let addressId = id;
      if (addressId !== undefined) {
        const updated = await tx.query(
          'UPDATE addresses SET data = $3::jsonb, is_default = $4, updated_at = $5 WHERE id = $1 AND user_id = $2 RETURNING id',
          [addressId, userId, data, isDefault, now.toISOString()],
        );
        if (updated.rows.length === 0) throw new DomainError('not-found', 'Address not found.');
      } else {
        const counter = await tx.query<{ last_address_id: number; addresses: number }>(
          `UPDATE users SET last_address_id = last_address_id + 1 WHERE id = $1
           RETURNING last_address_id, (SELECT count(*)::int FROM addresses WHERE user_id = $1) AS addresses`,
          [userId],
        );
        const row = counter.rows[0];
        if (!row) throw new DomainError('unauthenticated', 'Unauthorized: invalid or expired access token.');
        if (Number(row.addresses) >= MAX_ADDRESSES_PER_USER) {
          throw new DomainError('limit-reached', `At most ${MAX_ADDRESSES_PER_USER} addresses can be saved.`);
        }
        addressId = newId();
        await tx.query(
          `INSERT INTO addresses (id, user_id, address_id, is_default, data, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
          [addressId, userId, row.last_address_id, isDefault, data, now.toISOString()],
        );
      }
      if (isDefault) {
        await tx.query('UPDATE addresses SET is_default = false WHERE user_id = $1 AND id <> $2 AND is_default', [userId, addressId]);
      }
      return addressId;
    });
  }

  /** False when the address is not the caller's (nothing is deleted then). */
  async deleteAddress(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db.query('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return deleted.rows.length > 0;
  }
}

/** An address row's stored fields (jsonb: an object from PostgreSQL, a string from some drivers). */
function addressData(row: AddressRow): AddressFields {
  return typeof row.data === 'string' ? (JSON.parse(row.data) as AddressFields) : row.data;
}
