// Choosing files as a person does: click the button, pick in the file picker it opened.
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

/** Clicks `button`, then chooses `files` in the file picker that click opened. */
export async function chooseFiles(user: UserEvent, button: HTMLElement, files: File[]) {
  const opened = vi.spyOn(HTMLInputElement.prototype, 'click');
  let picker: unknown;
  try {
    await user.click(button);
    picker = opened.mock.contexts.at(-1);
  } finally {
    opened.mockRestore();
  }
  if (!(picker instanceof HTMLInputElement) || picker.type !== 'file') {
    throw new Error('The button opened no file picker');
  }
  await user.upload(picker, files);
}
