/**
 * `$1,234.50` (D8): en-US, US dollars, `digits` fraction digits (2 unless told), rounded half away
 * from zero on the amount's shortest decimal form, exactly as `Intl.NumberFormat('en-US', { style:
 * 'currency', currency: 'USD' })` writes it (money-format.test.ts compares the two). Written out
 * because that one locale and currency is all the shop shows, and a browser's first
 * `Intl.NumberFormat` loads its locale data on the main thread: about 50 ms on a mid-range phone,
 * before the first price of a server-rendered page can hydrate (docs/performance.md).
 */
export function formatUsd(amount: number, digits = 2): string {
  const scale = 10 ** digits;
  // toPrecision(15) drops binary noise first: 1.005 * 100 is 100.49999999999999, read as 100.5.
  const units = Math.round(Number((Math.abs(amount) * scale).toPrecision(15)));
  const whole = String(Math.floor(units / scale)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = digits > 0 ? `.${String(units % scale).padStart(digits, '0')}` : '';
  // A negative amount keeps its sign even when it rounds to zero (-$0.00), as Intl writes it.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${whole}${fraction}`;
}

/** A product's price as shown (D8), or null when it has none, so the view says 'Price: N/A'. */
export function formatPrice(price: number | undefined): string | null {
  if (price === undefined || !Number.isFinite(price)) return null;
  return formatUsd(price);
}
