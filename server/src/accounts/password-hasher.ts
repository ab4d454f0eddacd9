import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same work as a real verify, so an unknown email costs the same time (no user oracle). */
  verifyDummy(password: string): Promise<false>;
}

/** argon2id; defaults are OWASP's (m=19456 KiB, t=2, p=1). Tests lower the cost via config. */
export function createPasswordHasher(options: { memoryKib: number; timeCost: number }): PasswordHasher {
  const params = { type: argon2.argon2id as 2, memoryCost: options.memoryKib, timeCost: options.timeCost, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, params),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummy ??= argon2.hash('dummy-password-for-timing', params);
      await argon2.verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
