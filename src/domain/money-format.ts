/** Shipping policy constants (D1), kept beside the money format so the label derives from them. */
export const SHIPPING_FEE = 100;
export const FREE_SHIPPING_ABOVE = 20000;

const formatters = new Map<number, Intl.NumberFormat>();

/** `$1,234.50` (D8): en-US, US dollars, `digits` fraction digits (2 unless told). */
export function formatUsd(amount: number, digits = 2): string {
  let formatter = formatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(digits, formatter);
  }
  return formatter.format(amount);
}
