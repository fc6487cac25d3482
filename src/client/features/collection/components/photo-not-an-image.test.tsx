// A file named like a photo whose bytes are no image (a renamed document): the
// server refuses it (415 NOT_AN_IMAGE) and the form says what is wrong with the
// file, under the photos, instead of asking to try again.
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLLECTION_FLAGS } from '../../../../shared/collection-settings';
import { putUpload } from '../../../../shared/contracts/uploads';
import { NOT_AN_IMAGE_CODE } from '../../../../shared/schemas/uploads';
import { createImageFile } from '../../../testing/factories';
import { chooseFiles } from '../../../testing/files';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, server, uploadStorage } from '../../../testing/server';
import { TestimonialForm } from './testimonial-form';

describe('TestimonialForm: a file that is not an image', () => {
  it('says the file is not an image and which photos it takes, and drops it', async () => {
    const { urlHandlers } = uploadStorage();
    server.use(
      ...urlHandlers,
      http.put(putUpload.path, () =>
        apiErrorResponse(
          415,
          NOT_AN_IMAGE_CODE,
          'This file is not an image. Please choose a JPEG, PNG, WebP, GIF or AVIF photo.',
        ),
      ),
    );
    const { user } = renderScreen(
      <TestimonialForm
        slug="acme-bakery"
        settings={DEFAULT_COLLECTION_FLAGS}
        onSubmitted={vi.fn()}
      />,
    );
    await chooseFiles(user, screen.getByRole('button', { name: 'Add photos of the product' }), [
      createImageFile('holiday.jpg', { type: 'image/jpeg' }),
    ]);

    const alert = await screen.findByText(
      'This file is not an image. Please choose a JPEG, PNG, WebP, GIF or AVIF photo.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/try again/i)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});
