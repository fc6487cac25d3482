// The words of the Requests screen (docs/product/requests.md#the-requests-screen), written once:
// the screen, its tests and the product page use these.
import { REQUEST_SEND_AT, type RequestStatus } from '../../../shared/schemas/requests';

export const STATUS_LABEL: Record<RequestStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  clicked: 'Clicked',
  submitted: 'Submitted',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  failed: 'Failed',
};

/** What each total counts, for its filter button's description. */
export const STATUS_HINT: Record<RequestStatus, string> = {
  queued: 'Waiting for their send time',
  sent: 'Emailed, not opened yet',
  clicked: 'Opened the form, not sent yet',
  submitted: 'Sent a testimonial',
  unsubscribed: 'Asked not to be emailed again',
  bounced: 'The address did not take the email',
  failed: 'Could not be sent',
};

export const TEXT = {
  pageTitle: 'Requests',
  pageLead:
    'Ask your customers for a testimonial by email. Each email has five stars that open your form, with their name and email filled in, and one reminder if they have not answered.',
  // The list
  listTitle: 'Your requests',
  listDescription: 'Who was asked, and what came of it.',
  filterLabel: 'Filter by status',
  allFilter: 'All',
  searchLabel: 'Search requests',
  searchPlaceholder: 'Search by name or email',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  emptyTitle: 'No requests yet',
  emptyText:
    'A request is an email that asks one of your customers for a testimonial. Add your first customers under "Ask customers" below: we send the email, remind them once, and their testimonial arrives in your moderation list.',
  noMatchTitle: 'No requests match',
  noMatchText: 'Try another status or search.',
  viewTestimonial: 'View testimonial',
  noName: 'No name',
  // Asking
  askTitle: 'Ask customers',
  askDescription:
    'One customer per line: "Name <email>", "Name, email" or just the email. You can paste rows from a spreadsheet, or upload a CSV file.',
  customersLabel: 'Customers',
  customersPlaceholder: 'Jane Doe <jane@example.com>\nBob Smith, bob@example.com\nann@example.com',
  uploadCsv: 'Upload CSV',
  csvNameColumn: 'Name column',
  csvEmailColumn: 'Email column',
  csvNoColumn: 'None',
  csvNoEmailColumn: 'Choose the column that holds the email addresses.',
  csvClear: 'Use the text box instead',
  csvUnreadable: 'This file could not be read as CSV.',
  check: 'Preview',
  checking: 'Checking...',
  previewTitle: 'Preview',
  willBeAsked: 'Will be asked',
  sendNow: 'Send now',
  sending: 'Sending...',
  scheduleLabel: 'Or send later',
  schedule: 'Schedule',
  scheduling: 'Scheduling...',
  scheduleMissing: 'Choose a date and time',
  schedulePast: 'Choose a time in the future',
  scheduleTooFar: REQUEST_SEND_AT.tooLate,
  nobodyToAsk: 'Nobody on this list will be asked.',
  // The message
  messageTitle: 'Message',
  messageDescription: 'The email your customers get, and when it goes out.',
  subjectLabel: 'Subject',
  bodyLabel: 'Message',
  reminderLabel: 'Reminder',
  reminderOff: 'Off',
  dailyCapLabel: 'Daily limit',
  dailyCapHint: 'At most this many requests go out per day; the rest wait for the next day.',
  save: 'Save',
  saving: 'Saving...',
  insertFirstName: 'Insert first name',
  insertBusinessName: 'Insert business name',
  emailPreviewTitle: 'Email preview',
  emailPreviewFrame: 'The request email as your customer sees it',
  showText: 'Show plain text',
  showHtml: 'Show email',
  previewUnavailable: 'The preview could not be shown. It returns as soon as you edit again.',
  previewSampleName: 'Alex Smith',
  previewIncomplete: 'Write a subject and a message to see the email.',
  placeholdersLabel: 'Insert in the message',
} as const;

/** "after 3 days" for the reminder select. */
export const reminderOption = (days: number) => `After ${days} ${days === 1 ? 'day' : 'days'}`;

/** The placeholders' explanation under the message box. */
export const placeholderHint = (firstName: string, businessName: string) =>
  `${firstName} becomes the customer's first name, ${businessName} your business name. The five stars and the unsubscribe link are added to the email for you.`;

/** "1 customer", "12 customers". */
export const customerCount = (count: number) =>
  `${count} ${count === 1 ? 'customer' : 'customers'}`;

/** "12 will be asked, 3 skipped" above the preview. */
export function previewCounts(asked: number, skipped: number): string {
  return `${asked} will be asked, ${skipped} skipped`;
}

/** The outcome toast: what was queued (or scheduled) and what was skipped. */
export function outcomeToast(queued: number, skipped: number, scheduled: boolean) {
  const title =
    queued === 0 ? 'No requests sent' : scheduled ? 'Requests scheduled' : 'Requests queued';
  const what =
    queued === 0
      ? 'Nobody on this list could be asked.'
      : `${customerCount(queued)} will be asked${scheduled ? ' at the chosen time' : ''}.`;
  return { title, description: skipped > 0 ? `${what} ${skipped} skipped.` : what };
}

export const FAILURE = {
  check: 'Failed to check the list. Please try again.',
  send: 'Failed to send requests. Please try again.',
  save: 'Failed to save the message. Please try again.',
} as const;

export const SAVED_TOAST = {
  title: 'Message saved',
  description: 'Your next requests use this message.',
} as const;
