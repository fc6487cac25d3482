// The Button's pending state: a spinner and what is happening instead of the
// label, busy and disabled until it is over, whatever `disabled` says.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('shows its label, enabled and not busy, while not pending', () => {
    render(
      <Button pending={false} pendingText="Saving...">
        Save Changes
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save Changes' });
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('svg')).toBeNull();
  });

  it('shows a spinner and the pending text, busy and disabled, while pending', () => {
    render(
      <Button pending pendingText="Saving...">
        Save Changes
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByText('Save Changes')).toBeNull();
  });

  it('stays disabled through `disabled` when not pending', () => {
    render(
      <Button disabled pending={false} pendingText="Saving...">
        Save Changes
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save Changes' });
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});
