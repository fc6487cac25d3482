// The words of the Import screen (docs/product/testimonials.md#import-screen), written once: the screen and its tests
// use these.
import { IMPORT_MAX_BYTES } from '../../../shared/schemas/imports';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

export const TEXT = {
  pageTitle: 'Import testimonials',
  pageLead:
    'Bring the testimonials you already have from another service or a spreadsheet. Nothing is imported until you check the file and press Import.',
  backToTestimonials: 'Back to Testimonials',
  // Choosing the file
  fileTitle: 'Your file',
  fileDescription:
    'Reads exports of Senja, Testimonial.to and Trustpilot (CSV), Google reviews (JSON), and any CSV with a header row.',
  dropPrompt: 'Choose a CSV or JSON file',
  dropHint: `Or drop it here. At most ${MAX_MB} MB.`,
  dropNow: 'Drop the file to read it',
  reading: 'Reading the file...',
  chooseAnother: 'Choose another file',
  tooLarge: `This file is larger than ${MAX_MB} MB. Please split it into smaller files and import them one by one.`,
  notCsvOrJson: 'Please choose a CSV or JSON file (.csv or .json).',
  csvUnreadable: 'This file could not be read as CSV.',
  notUtf8:
    'This file is not UTF-8 text. Save it as "CSV UTF-8" (or export it again as UTF-8) and choose it again.',
  csvEmpty: 'This file has a header row but no rows under it.',
  jsonUnreadable: 'This file is not valid JSON.',
  jsonNotAList:
    'This JSON file holds no list of testimonials. It should be a list, or an object with a "reviews", "testimonials" or "data" list.',
  jsonEmpty: 'This JSON file holds an empty list.',
  // Format and mapping
  formatLabel: 'Format',
  formatDetected: 'Detected from the file.',
  formatChosen: 'Chosen by you.',
  mappingTitle: 'Columns',
  mappingDescription: 'Which column of your file fills each field. Name and text are required.',
  mappingGoogle:
    'Google reviews always have the same shape: the reviewer, the stars, the comment and the date are read as they are.',
  notInFile: 'Not in this file',
  previewTitle: 'Preview',
  previewRegion: 'Preview of the first rows',
  rowHeader: 'Row',
  checkHeader: 'Check',
  rowReady: 'Ready',
  // Status
  statusLabel: 'Status of the imported testimonials',
  statusPending: 'Pending',
  statusPendingHint: 'You review and approve them in Testimonials before your widget shows them.',
  statusApproved: 'Approved',
  statusApprovedHint: 'Your widget shows them at once.',
  // Checking
  check: 'Check file',
  checking: 'Checking...',
  reportTitle: 'Check result',
  failedRegion: 'Failed rows',
  failedReason: 'Reason',
  nothingToImport:
    'There is nothing new to import: every row of this file failed or is already here.',
  failedLeftOut:
    'The failed rows will be left out. You can fix them in your file and import it again later.',
  // Importing
  uploading: 'Uploading the file...',
  importing: 'Importing...',
  progressLabel: 'Import progress',
  viewTestimonials: 'See them in Testimonials',
  viewPending: 'Review them in Testimonials',
  importAnother: 'Import another file',
  // Recent imports
  runsTitle: 'Recent imports',
  runsDescription: 'Your latest imports, and the photos fetched for them.',
  runsEmptyTitle: 'No imports yet',
  runsEmptyText:
    'Each file you import is listed here, with how many testimonials it brought and the photos fetched for them.',
  runsLoading: 'Loading recent imports',
  photoFailuresTitle: 'Photos that could not be fetched',
  photoAuthor: 'Author',
  photoUrl: 'Photo URL',
  photoReason: 'Reason',
  failure: {
    check: 'Failed to check the file. Please try again.',
    import: 'Failed to import the file. Please try again.',
  },
} as const;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

export const rowCount = (count: number) => plural(count, 'row', 'rows');
const testimonialCount = (count: number) => plural(count, 'testimonial', 'testimonials');

/** The import button after a clean check, or after one with failed rows. */
export const importButton = (count: number, someFailed: boolean) =>
  someFailed
    ? `Import the good rows (${count.toLocaleString()})`
    : `Import ${testimonialCount(count)}`;

/** The lines of the check's report. */
export const reportLines = {
  imported: (count: number) => `${plural(count, 'testimonial', 'testimonials')} would be imported`,
  duplicates: (count: number) =>
    `${plural(count, 'row is', 'rows are')} already here and would be skipped`,
  failed: (count: number) => `${plural(count, 'row', 'rows')} failed`,
  more: (count: number) => `…and ${plural(count, 'more failed row', 'more failed rows')}.`,
};

/** The lines of an import's result. */
export const resultLines = {
  title: (count: number) => `Imported ${testimonialCount(count)}`,
  pending: 'They are pending: approve them in Testimonials to show them in your widget.',
  approved: 'They are approved and shown in your widget.',
  duplicates: (count: number) =>
    `${plural(count, 'row was', 'rows were')} already here and skipped.`,
  failed: (count: number) =>
    `${plural(count, 'row', 'rows')} failed and ${count === 1 ? 'was' : 'were'} left out.`,
  photos: (count: number) =>
    `${plural(count, 'photo is', 'photos are')} being fetched in the background.`,
};

/** A recent import's counts and photos. */
export const runLines = {
  counts: (imported: number, duplicates: number, failed: number) =>
    `${plural(imported, 'imported', 'imported')}, ${plural(duplicates, 'duplicate', 'duplicates')}, ${plural(failed, 'failed', 'failed')}`,
  photosFetching: (done: number, queued: number) =>
    `Fetching photos in the background: ${done.toLocaleString()} of ${queued.toLocaleString()} done`,
  photosDone: (fetched: number, queued: number) =>
    `Photos fetched: ${fetched.toLocaleString()} of ${queued.toLocaleString()}`,
  noPhotos: 'No photos',
};
