// Issue 23: a button that starts a request is disabled from the click until the request settles, so a double
// click sends it once.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from './action-button';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ActionButton', () => {
  it('sends once on a double click and is disabled and busy until the request settles', async () => {
    const request = deferred();
    const onClick = vi.fn(() => request.promise);
    render(<ActionButton onClick={onClick}>Approve</ActionButton>);
    const button = screen.getByRole('button', { name: 'Approve' });
    // Two clicks in the same tick, before any re-render: what a fast double click does.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    request.resolve();
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('stays disabled while another request of its record is pending', () => {
    const onClick = vi.fn();
    render(
      <ActionButton onClick={onClick} pending>
        Deny
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Deny' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is enabled again after a failed request', async () => {
    const onClick = vi.fn(() => Promise.reject(new Error('refused')));
    render(<ActionButton onClick={() => onClick().catch(() => undefined)}>Remove</ActionButton>);
    const button = screen.getByRole('button', { name: 'Remove' });
    fireEvent.click(button);
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
