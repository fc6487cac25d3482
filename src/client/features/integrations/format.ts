/** An ISO 8601 date-time as "November 5, 2027", in the reader's time zone; '' when unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { dateStyle: 'long' });
}

/** How a Wix site is named to the owner: its name, else "Wix site". */
export function wixSiteLabel(siteName: string | null): string {
  return siteName?.trim() || 'Wix site';
}
