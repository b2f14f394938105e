const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole-dollar prices as shown on the site: 7500 -> '$7,500'. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
