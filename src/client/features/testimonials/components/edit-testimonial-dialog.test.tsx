// The photo flows of the edit dialog: each change is one upload (POST for an
// upload URL, then the XMLHttpRequest PUT of the file, both answered by MSW)
// followed by its own call, and a failure says which photo failed (docs/product/messages.md#testimonials).
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import {
  addProductImages,
  removeProductImage,
  setAuthorImage,
  setBeforeAfterImages,
  updateTestimonial,
} from '../../../../shared/contracts/testimonials';
import { putUpload } from '../../../../shared/contracts/uploads';
import { getWidgetSettings } from '../../../../shared/contracts/widget';
import {
  createImageFile,
  createTestimonial,
  createWidgetSettings,
} from '../../../testing/factories';
import { chooseFiles } from '../../../testing/files';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server, uploadStorage } from '../../../testing/server';
import { EditTestimonialDialog } from './edit-testimonial-dialog';

beforeEach(() => {
  server.use(mock(getWidgetSettings, () => createWidgetSettings()));
});

/** Opens the dialog of `testimonial`; answers the dialog and the user. */
async function openDialog(testimonial: Testimonial) {
  const view = renderScreen(
    <EditTestimonialDialog testimonial={testimonial}>
      <button type="button">Edit</button>
    </EditTestimonialDialog>,
  );
  await view.user.click(screen.getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Testimonial' });
  return { ...view, dialog };
}

/** Files uploads as the server's storage does; answers what was stored. */
function serveUploads() {
  const storage = uploadStorage();
  server.use(...storage.handlers);
  return storage.stored;
}

/** The description of the "Error" toast. */
const errorToast = (message: string) => screen.findByText(message);

describe('EditTestimonialDialog: status', () => {
  it('shows the status in the Status select and saves the one chosen', async () => {
    const testimonial = createTestimonial({ status: 'approved' });
    const sent: unknown[] = [];
    server.use(
      mock(updateTestimonial, ({ body }) => {
        sent.push(body);
        return { ...testimonial, status: 'rejected' as const };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);
    const status = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect(status.value).toBe('approved');

    await user.selectOptions(status, 'Rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Testimonial updated successfully');
    expect(sent).toEqual([expect.objectContaining({ status: 'rejected' })]);
  });
});

describe('EditTestimonialDialog: author photo', () => {
  it('uploads a photo and saves it as the author image', async () => {
    const testimonial = createTestimonial({ authorName: 'Ada Author' });
    const stored = serveUploads();
    const sent: unknown[] = [];
    server.use(
      mock(setAuthorImage, ({ body }) => {
        sent.push(body);
        return { imagePath: body.authorImageURL };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);

    await chooseFiles(
      user,
      within(dialog).getByRole('button', { name: 'Upload photo of the author' }),
      [createImageFile('ada.png')],
    );

    await within(dialog).findByRole('button', { name: 'Replace photo of the author' });
    expect(stored.map(({ purpose, contentType }) => [purpose, contentType])).toEqual([
      ['author-image', 'image/png'],
    ]);
    expect(sent).toEqual([{ authorImageURL: stored[0]?.objectPath }]);
    expect(
      within(dialog).getByRole('button', { name: 'Remove photo of the author' }),
    ).toBeDefined();
  });

  it('removes the photo', async () => {
    const testimonial = createTestimonial({ authorImageUrl: '/objects/uploads/old-face' });
    const sent: unknown[] = [];
    server.use(
      mock(updateTestimonial, ({ body }) => {
        sent.push(body);
        return { ...testimonial, authorImageUrl: null };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);

    await user.click(within(dialog).getByRole('button', { name: 'Remove photo of the author' }));

    await within(dialog).findByRole('button', { name: 'Upload photo of the author' });
    expect(sent).toEqual([{ authorImageUrl: null }]);
    expect(within(dialog).queryByRole('button', { name: 'Remove photo of the author' })).toBeNull();
  });

  it('says "Failed to upload author image" when the server refuses it', async () => {
    const testimonial = createTestimonial();
    serveUploads();
    server.use(
      mock(setAuthorImage, () => apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong')),
    );
    const { user, dialog } = await openDialog(testimonial);

    await chooseFiles(
      user,
      within(dialog).getByRole('button', { name: 'Upload photo of the author' }),
      [createImageFile()],
    );

    await errorToast('Failed to upload author image');
    expect(
      within(dialog).getByRole('button', { name: 'Upload photo of the author' }),
    ).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Remove photo of the author' })).toBeNull();
  });
});

describe('EditTestimonialDialog: product photos', () => {
  const existing = ['/objects/uploads/p-1', '/objects/uploads/p-2', '/objects/uploads/p-3'];

  it('adds only as many photos as still fit in 5, and hides "Add" once full', async () => {
    const testimonial = createTestimonial({ productImageUrls: existing });
    const stored = serveUploads();
    const sent: Array<{ productImageURLs: string[] }> = [];
    server.use(
      mock(addProductImages, ({ body }) => {
        const { productImageURLs } = body;
        sent.push({ productImageURLs });
        return { imagePaths: [...existing, ...productImageURLs] };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);
    const photos = within(dialog).getByRole('group', { name: 'Product photos' });
    expect(photos.textContent).toContain('3 of 5 · you can add 2 more.');

    await chooseFiles(
      user,
      within(photos).getByRole('button', { name: 'Add product photo' }),
      ['one.png', 'two.png', 'three.png', 'four.png'].map((name) => createImageFile(name)),
    );

    await within(photos).findByRole('img', { name: 'Product photo 5' });
    expect(within(photos).getByRole('status').textContent).toBe(
      'Only 2 more photos fit; the first 2 were added.',
    );
    expect(stored.map(({ purpose }) => purpose)).toEqual(['product-image', 'product-image']);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.productImageURLs.toSorted()).toEqual(
      stored.map(({ objectPath }) => objectPath).toSorted(),
    );
    expect(within(photos).queryByRole('button', { name: 'Add product photo' })).toBeNull();
    expect(photos.textContent).toContain('5 of 5 · remove one to add another.');
  });

  it('removes one photo', async () => {
    const testimonial = createTestimonial({ productImageUrls: existing });
    const sent: unknown[] = [];
    server.use(
      mock(removeProductImage, ({ body }) => {
        sent.push(body);
        return { imagePaths: [existing[0] ?? '', existing[2] ?? ''] };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);
    const photos = within(dialog).getByRole('group', { name: 'Product photos' });

    await user.click(within(photos).getByRole('button', { name: 'Remove product photo 2' }));

    await waitFor(() => expect(within(photos).getAllByRole('img')).toHaveLength(2));
    expect(sent).toEqual([{ imageUrl: existing[1] }]);
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([existing[0], existing[2]]);
  });

  it('says "Failed to remove product image" when the server refuses, and keeps the photo', async () => {
    const testimonial = createTestimonial({ productImageUrls: existing });
    server.use(
      mock(removeProductImage, () =>
        apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'),
      ),
    );
    const { user, dialog } = await openDialog(testimonial);
    const photos = within(dialog).getByRole('group', { name: 'Product photos' });

    await user.click(within(photos).getByRole('button', { name: 'Remove product photo 2' }));

    await errorToast('Failed to remove product image');
    expect(within(photos).getAllByRole('img')).toHaveLength(3);
  });

  it('says "Failed to upload product image" when storing the file fails, and saves nothing', async () => {
    const testimonial = createTestimonial();
    const storage = uploadStorage();
    const saved: unknown[] = [];
    server.use(
      ...storage.urlHandlers,
      // The storage's PUT fails: the upload's XMLHttpRequest gets a 500.
      http.put(putUpload.path, () => apiErrorResponse(500, 'INTERNAL_ERROR', 'Disk full')),
      mock(addProductImages, ({ body }) => {
        saved.push(body);
        return { imagePaths: [] };
      }),
    );
    const { user, dialog } = await openDialog(testimonial);

    await chooseFiles(user, within(dialog).getByRole('button', { name: 'Add product photo' }), [
      createImageFile(),
    ]);

    await errorToast('Failed to upload product image');
    expect(saved).toEqual([]);
  });
});

describe('EditTestimonialDialog: before and after photos', () => {
  /** PUT before-after-images over a stored pair; answers the bodies it was sent. */
  function servePair(initial: { before: string | null; after: string | null }) {
    const sent: unknown[] = [];
    let state = { beforeImagePath: initial.before, afterImagePath: initial.after };
    server.use(
      mock(setBeforeAfterImages, ({ body: change }) => {
        sent.push(change);
        state = {
          beforeImagePath:
            change.beforeImageURL === undefined ? state.beforeImagePath : change.beforeImageURL,
          afterImagePath:
            change.afterImageURL === undefined ? state.afterImagePath : change.afterImageURL,
        };
        return state;
      }),
    );
    return sent;
  }

  it('holds a lone photo until its pair arrives, then saves both in one call', async () => {
    const stored = serveUploads();
    const sent = servePair({ before: null, after: null });
    const { user, dialog } = await openDialog(createTestimonial());
    const pair = within(dialog).getByRole('group', { name: 'Before and after photos' });

    await chooseFiles(user, within(pair).getByRole('button', { name: 'Add before photo' }), [
      createImageFile('before.png', { size: 100 }),
    ]);

    // Shown, not saved: the shared rule's message says what is missing.
    await within(pair).findByText('Please add an after photo, or remove the before photo.');
    expect(within(pair).getByRole('img', { name: 'Before photo' })).toBeDefined();
    expect(stored).toEqual([]);
    expect(sent).toEqual([]);

    await chooseFiles(user, within(pair).getByRole('button', { name: 'Add after photo' }), [
      createImageFile('after.png', { size: 200 }),
    ]);

    await waitFor(() => expect(sent).toHaveLength(1));
    const pathOf = (size: number) => stored.find((upload) => upload.size === size)?.objectPath;
    expect(stored.map(({ purpose }) => purpose)).toEqual([
      'before-after-image',
      'before-after-image',
    ]);
    expect(sent).toEqual([{ beforeImageURL: pathOf(100), afterImageURL: pathOf(200) }]);
    await waitFor(() =>
      expect(within(pair).getByRole('img', { name: 'After photo' }).getAttribute('src')).toBe(
        pathOf(200),
      ),
    );
    expect(within(pair).getByRole('img', { name: 'Before photo' }).getAttribute('src')).toBe(
      pathOf(100),
    );
    expect(within(pair).queryByText(/Please add/)).toBeNull();
  });

  it('keeps a saved pair whole: a removed side waits for a new photo, or for the other side to go too', async () => {
    const stored = serveUploads();
    const sent = servePair({
      before: '/objects/uploads/before-old',
      after: '/objects/uploads/after-old',
    });
    const { user, dialog } = await openDialog(
      createTestimonial({
        beforeImageUrl: '/objects/uploads/before-old',
        afterImageUrl: '/objects/uploads/after-old',
      }),
    );
    const pair = within(dialog).getByRole('group', { name: 'Before and after photos' });

    // A new after photo in place of the old one: one call, for that side only.
    await user.click(within(pair).getByRole('button', { name: 'Remove after photo' }));
    await within(pair).findByText('Please add an after photo, or remove the before photo.');
    expect(sent).toEqual([]);
    await chooseFiles(user, within(pair).getByRole('button', { name: 'Add after photo' }), [
      createImageFile('after.png'),
    ]);
    await waitFor(() => expect(sent).toEqual([{ afterImageURL: stored[0]?.objectPath }]));
    await waitFor(() => expect(within(pair).queryByText(/Please add/)).toBeNull());

    // Both removed: one call that removes both.
    await user.click(within(pair).getByRole('button', { name: 'Remove before photo' }));
    await within(pair).findByText('Please add a before photo, or remove the after photo.');
    expect(sent).toHaveLength(1);
    await user.click(within(pair).getByRole('button', { name: 'Remove after photo' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { afterImageURL: stored[0]?.objectPath },
        { beforeImageURL: null, afterImageURL: null },
      ]),
    );
    await within(pair).findByRole('button', { name: 'Add after photo' });
    expect(within(pair).getByRole('button', { name: 'Add before photo' })).toBeDefined();
    expect(within(pair).queryByText(/Please add/)).toBeNull();
  });

  it('mends a lone photo saved before the rule: its missing side is asked for, and adding it saves the pair', async () => {
    const after = '/objects/uploads/after-old';
    const stored = serveUploads();
    const sent = servePair({ before: null, after });
    const { user, dialog } = await openDialog(createTestimonial({ afterImageUrl: after }));
    const pair = within(dialog).getByRole('group', { name: 'Before and after photos' });
    expect(
      within(pair).getByText('Please add a before photo, or remove the after photo.'),
    ).toBeDefined();

    await chooseFiles(user, within(pair).getByRole('button', { name: 'Add before photo' }), [
      createImageFile('before.png'),
    ]);

    await waitFor(() => expect(sent).toEqual([{ beforeImageURL: stored[0]?.objectPath }]));
    await waitFor(() =>
      expect(within(pair).getByRole('img', { name: 'Before photo' }).getAttribute('src')).toBe(
        stored[0]?.objectPath,
      ),
    );
    expect(within(pair).queryByText(/Please add/)).toBeNull();
  });

  it('says "Failed to upload before image" and "Failed to remove after image" when the server refuses', async () => {
    const testimonial = createTestimonial({ afterImageUrl: '/objects/uploads/after-old' });
    serveUploads();
    server.use(
      mock(setBeforeAfterImages, () =>
        apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'),
      ),
    );
    const { user, dialog } = await openDialog(testimonial);
    const pair = within(dialog).getByRole('group', { name: 'Before and after photos' });

    await chooseFiles(user, within(pair).getByRole('button', { name: 'Add before photo' }), [
      createImageFile(),
    ]);
    await errorToast('Failed to upload before image');

    await user.click(within(pair).getByRole('button', { name: 'Remove after photo' }));
    await errorToast('Failed to remove after image');
    expect(within(pair).getByRole('img', { name: 'After photo' })).toBeDefined();
    expect(within(pair).getByRole('button', { name: 'Add before photo' })).toBeDefined();
  });
});
