/**
 * SHA-1 of a string's UTF-8 bytes, as 40 hex digits. Pure and synchronous, so the server's seed
 * and the browser's fakes (no node:crypto there, and crypto.subtle is async) derive the same
 * product ids. Ids only: not for anything that needs a secure hash.
 */
export function sha1Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // Message + 0x80 + zero padding + 64-bit big-endian bit length, in 64-byte blocks.
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const data = new Uint8Array(length);
  data.set(bytes);
  data[bytes.length] = 0x80;
  const view = new DataView(data.buffer);
  const bits = bytes.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);

  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80);
  for (let block = 0; block < length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20 ? [(b & c) | (~b & d), 0x5a827999]
        : i < 40 ? [b ^ c ^ d, 0x6ed9eba1]
        : i < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
        : [b ^ c ^ d, 0xca62c1d6];
      const next = (rotl(a, 5) + f + e + k + w[i]!) >>> 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = next;
    }
    [a, b, c, d, e].forEach((value, i) => {
      h[i] = (h[i]! + value) >>> 0;
    });
  }
  return h.map((word) => word.toString(16).padStart(8, '0')).join('');
}

function rotl(word: number, by: number): number {
  return ((word << by) | (word >>> (32 - by))) >>> 0;
}
