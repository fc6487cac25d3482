import { formatUnixDate } from '../../../shared/billing-format';

/** An ISO 8601 date-time as "November 5, 2027" (the billing dates' format), in the reader's time zone; '' when unreadable. */
export function formatDate(iso: string): string {
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? '' : formatUnixDate(ms / 1000);
}

/** How a Wix site is named to the owner: its name, else "Wix site". */
export function wixSiteLabel(siteName: string | null): string {
  return siteName?.trim() || 'Wix site';
}
