// How the billing screens write dates and money (SPEC §3: unix seconds, minor units).

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Unix seconds as "November 5, 2027". */
export function formatDate(unixSeconds: number): string {
  return dateFormat.format(new Date(unixSeconds * 1000));
}

/** Minor units (4900) in `currency` ("usd") as "$49.00". */
export function formatAmount(minorUnits: number, currency: string): string {
  const amount = minorUnits / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    // Not an ISO 4217 code Intl knows: still show the figure.
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** "past_due" as "Past due". */
export function formatStatus(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}
