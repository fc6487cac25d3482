// Turns a refused submission (400 VALIDATION_ERROR with details [{ path, message }])
// back into messages on the form's fields, so the customer sees them where they typed.
import type { SubmissionForm } from '../../../shared/schemas/submission';
import { ApiError } from '../../lib/api';

export type SubmissionField = Exclude<keyof SubmissionForm, 'website'>;

const FIELDS: readonly SubmissionField[] = [
  'authorName',
  'authorEmail',
  'authorBusinessName',
  'authorLocation',
  'content',
  'rating',
  'authorImageUrl',
  'productImageUrls',
  'beforeImageUrl',
  'afterImageUrl',
];

export type FieldIssue = { field: SubmissionField; message: string };

/** The server's message and per-field issues of a failed submission (none when it was not a validation error). */
export function readSubmissionError(error: unknown): {
  message: string | null;
  issues: FieldIssue[];
} {
  // Only an answer whose body had the API error shape has a code; nothing to read otherwise.
  if (!(error instanceof ApiError) || error.code === null) return { message: null, issues: [] };
  const message = error.reason;
  if (error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.details)) {
    return { message, issues: [] };
  }
  const issues: FieldIssue[] = [];
  for (const detail of error.details as unknown[]) {
    if (!detail || typeof detail !== 'object') continue;
    const { path, message: detailMessage } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof detailMessage !== 'string') continue;
    const field = path.split('.')[0] as SubmissionField;
    if (FIELDS.includes(field) && !issues.some((issue) => issue.field === field)) {
      issues.push({ field, message: detailMessage });
    }
  }
  return { message, issues };
}
