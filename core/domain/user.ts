import type { Address } from './address';

/** The signed-in customer (SPEC section 3). Never carries a password. */
export interface User {
  _id: string;
  userId: string;
  userName: string;
  email: string;
  isEmailVerified: boolean;
  phone: string;
  phoneCCode: string;
  phoneACode: string;
  phoneMain: string;
  name: string;
  surname: string;
  address: Address[];
}

/** A customer as signing up leaves them: no phone, name or address yet. */
export function newUser(account: Pick<User, '_id' | 'userId' | 'userName' | 'email' | 'isEmailVerified'>): User {
  return { ...account, phone: '', phoneCCode: '', phoneACode: '', phoneMain: '', name: '', surname: '', address: [] };
}

/** The editable part of a profile (PUT /api/users/profile). */
export type ProfileUpdate = Pick<User, 'email' | 'userName' | 'phone' | 'phoneCCode' | 'phoneACode' | 'phoneMain' | 'name' | 'surname'>;

/** What the browser keeps of a session (D7: local storage). */
export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  user: User;
}
