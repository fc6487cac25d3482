import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { readSubmissionError } from './submission-errors';

const apiError = (status: number, body: unknown) =>
  ApiError.fromResponse(status, typeof body === 'string' ? body : JSON.stringify(body));

describe('readSubmissionError', () => {
  it('maps validation details to form fields, first message per field', () => {
    const error = apiError(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Name is required',
        details: [
          { path: 'authorName', message: 'Name is required' },
          { path: 'productImageUrls.2', message: 'Image URL is too long' },
          { path: 'productImageUrls.3', message: 'Another' },
          { path: 'somethingElse', message: 'Ignored' },
          { path: '', message: 'Ignored too' },
        ],
      },
    });
    expect(readSubmissionError(error)).toEqual({
      message: 'Name is required',
      issues: [
        { field: 'authorName', message: 'Name is required' },
        { field: 'productImageUrls', message: 'Image URL is too long' },
      ],
    });
  });

  it('keeps the message of other refusals without field issues', () => {
    const error = apiError(400, {
      error: { code: 'BAD_REQUEST', message: 'Image not found. Please upload it again.' },
    });
    expect(readSubmissionError(error)).toEqual({
      message: 'Image not found. Please upload it again.',
      issues: [],
    });
  });

  it('reads nothing from network failures and non-JSON bodies', () => {
    expect(readSubmissionError(new Error('Failed to fetch'))).toEqual({
      message: null,
      issues: [],
    });
    const offline = ApiError.fromNetworkFailure(
      new TypeError('Failed to fetch'),
      'Network request failed',
    );
    expect(readSubmissionError(offline)).toEqual({ message: null, issues: [] });
    expect(readSubmissionError(apiError(502, 'Bad Gateway'))).toEqual({
      message: null,
      issues: [],
    });
    expect(readSubmissionError('nope')).toEqual({ message: null, issues: [] });
  });
});
