// SPEC §8: a page whose chunk does not load ends in a ChunkLoadError (at once when the download fails, after 120 s
// when it hangs), shown in the page's place with a Reload button.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk } from './lazy-page';

const Hello = () => <p>Hello page</p>;
const showing = (Page: React.ComponentType) =>
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );

describe('lazy pages', () => {
  it('show the page once its chunk arrives', async () => {
    showing(lazyPage(async () => ({ Hello }), 'Hello'));
    expect(await screen.findByText('Hello page')).toBeInTheDocument();
  });

  it('show a ChunkLoadError with a Reload button when the download fails', async () => {
    showing(lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Hello' as never));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ChunkLoadError: this page could not be loaded (Failed to fetch dynamically imported module).',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('give up on a chunk that has not arrived after 120 seconds', async () => {
    vi.useFakeTimers();
    try {
      const hanging = loadChunk(() => new Promise<never>(() => undefined));
      const outcome = hanging.then(
        () => 'loaded',
        (error: Error) => error,
      );
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect((error as Error).message).toBe('the page did not arrive within 120 seconds');
    } finally {
      vi.useRealTimers();
    }
  });
});
