// Show more / Show less: the button appears only when the clamped text hides
// something (happy-dom lays nothing out, so the heights are given), and it
// says with aria-expanded whether the whole text shows.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpandableText } from './expandable-text';

function layOut({ scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}

afterEach(() => vi.restoreAllMocks());

describe('ExpandableText', () => {
  it('clamps a long text and expands and collapses it with one button', async () => {
    layOut({ scrollHeight: 400, clientHeight: 100 });
    const user = userEvent.setup();
    render(<ExpandableText text="A very long review." />);
    const text = screen.getByText('A very long review.');
    expect(text.className).toContain('line-clamp-5');

    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(text.id);
    await user.click(more);
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(text.className).not.toContain('line-clamp');
    await user.click(less);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
    expect(text.className).toContain('line-clamp-5');
  });

  it('shows no button when the text fits', () => {
    layOut({ scrollHeight: 60, clientHeight: 60 });
    render(<ExpandableText text="Short and sweet." />);
    expect(screen.getByText('Short and sweet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
