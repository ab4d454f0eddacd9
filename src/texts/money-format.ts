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

/** A product's price as shown (D8), or null when it has none, so the view says 'Price: N/A'. */
export function formatPrice(price: number | undefined): string | null {
  if (price === undefined || !Number.isFinite(price)) return null;
  return formatUsd(price);
}
