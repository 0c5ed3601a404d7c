// An approver's typed comment survives a refused action even when the refetch shows the application moved on.
import type { ApprovalDetail } from '@guildhall/shared/schemas/approvals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalDetailPage } from './approval-detail-page';

const DETAIL: ApprovalDetail = {
  id: 5,
  app_number: 'A-5',
  description: 'Fame background',
  category: 'Fame Background',
  required_approval: 'Mid',
  status: 'Pending Low',
  character_id: 3,
  created_at: '2026-01-01T00:00:00Z',
  update_date: '2026-01-01T00:00:00Z',
  level_since: '2026-01-01T00:00:00Z',
  justification: 'j',
  character_sheet: 's',
  mechanics: 'm',
  character_background: 'b',
  group_name: null,
  character_name: 'Ada',
  id_user: 7,
  player_name: 'Ada Lovelace',
  user_camnum: 'US1',
  id_venue: null,
  venue_name: null,
  chain: [],
  events: [],
  clock: { level_since: '2026-01-01T00:00:00Z', waiting_days: 0, overdue: false, limit_days: 14, escalated_at: null },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ApprovalDetailPage', () => {
  it('keeps the typed comment when a refused Deny shows the application moved on', async () => {
    let status: ApprovalDetail['status'] = 'Pending Low';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).endsWith('/deny')) {
        status = 'Pending Mid';
        return json({ message: 'The application has moved on', code: 'approvals.conflict' }, 409);
      }
      return json({ result: { ...DETAIL, status }, extra: { abilities: ['approve', 'deny'] } });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/storyteller/approvals/5']}>
          <Routes>
            <Route path="/storyteller/approvals/:id" element={<ApprovalDetailPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Comment'), 'The sheet lacks the fame roll.');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('option', { name: 'Pending Mid' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('The sheet lacks the fame roll.');
    fetchSpy.mockRestore();
  });
});
