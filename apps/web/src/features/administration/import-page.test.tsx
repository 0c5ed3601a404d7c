// Issue 26: while an import runs the page shows a real progress bar with the rows done and the time left, read
// from the API's NDJSON lines as they arrive; then the result.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImportPage } from './import-page';

function streamedAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const send = (value: object) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(value)}\n`));
  return { body, send, end: () => controller.close() };
}

describe('ImportPage', () => {
  it('shows the rows done and the time left while the preview runs, then the result', async () => {
    const answer = streamedAnswer();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(answer.body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPage />
      </QueryClientProvider>,
    );
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['membership_number\nX1'], 'members.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    answer.send({ progress: { done: 1000, total: 3000, seconds_left: 4 } });
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('value', '1000'));
    expect(bar).toHaveAttribute('max', '3000');
    expect(bar).toHaveAccessibleDescription('1,000 of 3,000 rows, about 4 s left');
    answer.send({ progress: { done: 2000, total: 3000, seconds_left: 2 } });
    await vi.waitFor(() => expect(bar).toHaveAttribute('value', '2000'));
    answer.send({
      result: { kind: 'members', dry_run: true, applied: false, rows: 3000, created: 3000, updated: 0, skipped: 0, errors: [] },
    });
    answer.end();
    expect(await screen.findByRole('status')).toHaveTextContent('Preview: 3000 rows — 3000 to create');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(new Headers(init!.headers).get('accept')).toBe('application/x-ndjson');
  });
});
