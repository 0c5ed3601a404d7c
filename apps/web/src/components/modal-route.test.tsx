// The route-driven full-screen modal: opened by a link or a deep link, closed by Escape or its button, focus
// returned to the link that opened it.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider, useParams } from 'react-router';
import { ModalRoute, modalFromList } from './modal-route';

function List() {
  return (
    <main tabIndex={-1}>
      <h1>Characters</h1>
      <Link to="/list/7">Open Ada</Link>
      <Link to="/list/8" state={modalFromList}>
        Detail of Bo
      </Link>
      <Outlet />
    </main>
  );
}
function Detail() {
  const { id } = useParams();
  return (
    <ModalRoute title={`Character ${id}`} closeTo="/list">
      <p>Sheet of {id}</p>
    </ModalRoute>
  );
}
const app = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <p>Home</p> },
      { path: '/list', element: <List />, children: [{ path: ':id', element: <Detail /> }] },
    ],
    { initialEntries: ['/home', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('ModalRoute', () => {
  it('opens from a deep link, full screen, with its title', async () => {
    app('/list/7');
    const dialog = await screen.findByRole('dialog', { name: 'Character 7' });
    expect(dialog).toHaveTextContent('Sheet of 7');
  });

  it('closes on Escape back to the list and returns focus to the link that opened it', async () => {
    const router = app('/list');
    const link = await screen.findByRole('link', { name: 'Open Ada' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Character 7' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/list');
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('closes with its Close button', async () => {
    const router = app('/list/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('closes a detail opened from the list back to it, so Back then leaves the list instead of reopening it', async () => {
    const router = app('/list');
    await userEvent.click(await screen.findByRole('link', { name: 'Detail of Bo' }));
    await screen.findByRole('dialog', { name: 'Character 8' });
    await act(() => router.navigate('/list/8?xpPage=2'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/list');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Home')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes a deep-linked detail in place, so Back then leaves the list instead of reopening it', async () => {
    const router = app('/list/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Home')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
