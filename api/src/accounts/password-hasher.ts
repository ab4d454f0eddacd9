import argon2 from 'argon2';
import pLimit from 'p-limit';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same work as a real verify, so an unknown email costs the same time (no user oracle). */
  verifyDummy(password: string): Promise<false>;
}

/**
 * argon2id; defaults are OWASP's (m=19456 KiB, t=2, p=1). Tests lower the cost via config.
 * At most `maxConcurrency` operations run at once in the process, the rest queue: a flood of
 * password checks then costs a bounded share of the CPU and cannot starve other requests.
 */
export function createPasswordHasher(options: { memoryKib: number; timeCost: number; maxConcurrency: number }): PasswordHasher {
  const params = { type: argon2.argon2id as 2, memoryCost: options.memoryKib, timeCost: options.timeCost, parallelism: 1 };
  const slot = pLimit(options.maxConcurrency);
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => slot(() => argon2.hash(password, params)),
    verify: (hash, password) => slot(() => argon2.verify(hash, password).catch(() => false)),
    verifyDummy: (password) =>
      slot(async () => {
        // Made once, inside the slot of the first caller.
        dummy ??= argon2.hash('dummy-password-for-timing', params);
        await argon2.verify(await dummy, password).catch(() => false);
        return false as const;
      }),
  };
}
