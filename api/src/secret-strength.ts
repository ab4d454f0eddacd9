/**
 * Production's JWT_SECRET rule (issue 34): what is wrong and what to set, or undefined.
 */

/** 32 random bytes in hex (64 digits) or base64/base64url (43 characters, 44 with padding). */
const HEX_SECRET = /^[0-9a-fA-F]{64,}$/;
const BASE64_SECRET = /^(?:[A-Za-z0-9+/]{43,}={0,2}|[A-Za-z0-9_-]{43,})$/;
/** Random text carries well above this (hex about 3.8 bits a character, base64 about 4.9). */
const MIN_BITS_PER_CHARACTER = 3;
/** A block of this many characters met twice is a pattern, not chance (below 1 in 10^8 for random hex). */
const REPEATED_BLOCK = 10;
export const SECRET_HINT = 'generate one with `openssl rand -hex 32`';

/** Shannon entropy of the string's own character frequencies, in bits per character. */
export function bitsPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  const characters = [...text];
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

function repeatedBlock(text: string): string | undefined {
  const seen = new Set<string>();
  for (let start = 0; start + REPEATED_BLOCK <= text.length; start++) {
    const block = text.slice(start, start + REPEATED_BLOCK);
    if (seen.has(block)) return block;
    seen.add(block);
  }
  return undefined;
}

/**
 * Production's JWT_SECRET rule: at least 32 bytes' worth of hex or base64, at least 3 bits of
 * entropy per character by its own character frequencies (no repeated characters or few-symbol
 * strings such as 32 × `a` or `abab…`), and no block of 10 characters that occurs twice (no
 * repeated pattern). A simple estimate: it refuses placeholders and typed words, and random
 * bytes always pass; it cannot prove that a string is random.
 */
export function weakSecretProblem(name: string, secret: string): string | undefined {
  if (!HEX_SECRET.test(secret) && !BASE64_SECRET.test(secret)) {
    const alphabet = /^[A-Za-z0-9+/=_-]*$/.test(secret) ? '' : ', some of them outside hex and base64';
    return `${name}: must hold at least 32 random bytes, in hex (64 digits) or base64 (43 characters); this one has ${secret.length} characters${alphabet}; ${SECRET_HINT}`;
  }
  const bits = bitsPerCharacter(secret);
  if (bits < MIN_BITS_PER_CHARACTER) {
    return `${name}: too little entropy for random bytes (${bits.toFixed(1)} bits per character by its character frequencies, at least ${MIN_BITS_PER_CHARACTER}; random hex has about 3.8): repeated characters?; ${SECRET_HINT}`;
  }
  if (repeatedBlock(secret) !== undefined) {
    return `${name}: repeats a pattern (a block of ${REPEATED_BLOCK} characters occurs twice), not random bytes; ${SECRET_HINT}`;
  }
  return undefined;
}
