// How dates and money of the billing data are written (docs/product/billing.md#invoices:
// unix seconds, minor units shown as amount/100). Shared by the client's
// billing screens and the server's test-checkout receipt page.

/** Minor units (4900) in `currency` ("usd") as "$49.00". */
export function formatMinorUnits(minorUnits: number, currency: string): string {
  const amount = minorUnits / 100;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount);
  } catch {
    // Not an ISO 4217 code Intl knows: still show the figure.
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** Unix seconds as "November 5, 2027", in `timeZone` (default: the reader's own). */
export function formatUnixDate(unixSeconds: number, timeZone?: string): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone });
}
