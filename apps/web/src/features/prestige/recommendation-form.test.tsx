import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RecommendationForm } from './recommendation-form';

function renderForm(maySelf: boolean) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RecommendationForm selfId={7} maySelf={maySelf} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchSpy };
}

describe('RecommendationForm', () => {
  it('offers staff who are not administrators only another member, never “Myself”', async () => {
    const { fetchSpy } = renderForm(false);
    expect(screen.queryByRole('radio', { name: 'Myself' })).toBeNull();
    expect(screen.getByLabelText('Search by name or membership number')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('member is a required field')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('offers an administrator “Myself”, chosen at first', () => {
    renderForm(true);
    expect(screen.getByRole('radio', { name: 'Myself' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Another member' })).not.toBeChecked();
  });
});
