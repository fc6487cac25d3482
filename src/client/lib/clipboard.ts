/**
 * Copies `text` to the clipboard. The Clipboard API needs a secure context
 * (https or localhost); elsewhere fall back to a selected, off-screen textarea.
 * Rejects when neither works, so the caller can say so.
 */
export async function copyText(text: string): Promise<void> {
  // Absent in an insecure context and in older browsers, whatever the DOM types say.
  const clipboard = navigator.clipboard as Partial<Clipboard> | undefined;
  if (window.isSecureContext && clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  textarea.style.inset = '0';
  document.body.append(textarea);
  const previousFocus = document.activeElement;
  textarea.select();
  try {
    // The legacy command is the only option outside a secure context.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- deliberately, as the fallback
    if (!document.execCommand('copy')) throw new Error('Copy command was refused');
  } finally {
    textarea.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}
