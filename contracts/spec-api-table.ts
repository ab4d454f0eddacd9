/**
 * SPEC section 7's API table (method and path), committed so the coverage check still runs where
 * the shared SPEC.md is not beside the repository. The coverage test compares it with SPEC.md
 * whenever that file is present, so the copy cannot drift silently.
 */
export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As SPEC writes it; `{name}` marks a path parameter. */
  path: string;
}

export const SPEC_API_TABLE: readonly SpecCall[] = [
  { method: 'POST', path: '/api/users/login' },
  { method: 'POST', path: '/api/users/register' },
  { method: 'GET', path: '/api/users/logout' },
  { method: 'GET', path: '/api/users/refresh' },
  { method: 'PUT', path: '/api/users/update-password' },
  { method: 'POST', path: '/api/users/forgot-password' },
  { method: 'PUT', path: '/api/users/profile' },
  { method: 'GET', path: '/api/users/profile' },
  { method: 'PUT', path: '/api/users/update-address' },
  { method: 'POST', path: '/api/users/delete-address' },
  { method: 'POST', path: '/api/users/verify-email' },
  { method: 'POST', path: '/api/users/verify-email-anonymous' },
  { method: 'POST', path: '/api/users/email-verification/{token}' },
  { method: 'POST', path: '/api/users/email-verification-anonymous/{token}' },
  { method: 'PUT', path: '/api/users/reset-password/{token}' },
  { method: 'GET', path: '/api/product/{id}' },
  { method: 'POST', path: '/api/product' },
  { method: 'GET', path: '/api/Category' },
  { method: 'GET', path: '/api/address/countries' },
  { method: 'GET', path: '/api/address/states' },
  { method: 'GET', path: '/api/address/submunicipalities/{stateCode}' },
  { method: 'GET', path: '/api/address/neighbours/{subMunicipalityId}' },
];
