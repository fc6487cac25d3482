// Turns a refused submission (400 VALIDATION_ERROR with details [{ path, message }])
// back into messages on the form's fields, so the customer sees them where they typed.
import type { SubmissionForm } from '../../../shared/schemas/submission';

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
export function readSubmissionError(error: unknown): { message: string | null; issues: FieldIssue[] } {
  const text = error instanceof Error ? error.message : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { message: null, issues: [] };
  let body: unknown;
  try {
    body = JSON.parse(match[2] ?? '');
  } catch {
    return { message: null, issues: [] };
  }
  const payload = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)
    ?.error;
  const message = typeof payload?.message === 'string' && payload.message ? payload.message : null;
  if (payload?.code !== 'VALIDATION_ERROR' || !Array.isArray(payload.details)) {
    return { message, issues: [] };
  }
  const issues: FieldIssue[] = [];
  for (const detail of payload.details as unknown[]) {
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
