// A new application refreshes what shows it: the storyteller's Approvals list and the overview's open approvals.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { useAddApproval } from './api';

function Counter({ label, queryKey }: { label: string; queryKey: readonly unknown[] }) {
  // How many times the list was fetched: 2 once the new application refreshed it.
  const fetches = useRef(0);
  const fetched = useQuery({ queryKey, queryFn: async () => ++fetches.current });
  return (
    <p>
      {label}: {fetched.data ?? '…'}
    </p>
  );
}

function AddButton() {
  const add = useAddApproval();
  const input = { character_id: 5, description: 'd', category: 'Merit', justification: 'j', character_sheet: 's', mechanics: 'm' };
  return (
    <button type="button" onClick={() => add.mutate({ ...input, required_approval: 'Domain' } as never)}>
      Add
    </button>
  );
}

describe('useAddApproval', () => {
  it('refreshes the Approvals list and the open approvals of the overview', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ result: { id: 9, app_number: 'A-9' } }), { headers: { 'content-type': 'application/json' } }),
      );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })}>
        <Counter label="Approvals list" queryKey={queryKeys.approvals.list({ page: 1 })} />
        <Counter label="Open approvals" queryKey={queryKeys.member.overview(7)} />
        <AddButton />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Approvals list: 1')).toBeVisible();
    expect(await screen.findByText('Open approvals: 1')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Approvals list: 2')).toBeVisible();
    expect(await screen.findByText('Open approvals: 2')).toBeVisible();
    fetchSpy.mockRestore();
  });
});
