import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { activeTabIndex, type RouteTab, RouteTabs } from './route-tabs';

const TABS: RouteTab[] = [
  { label: 'Style-Sheet', path: '/st/stylesheet', disabled: true },
  { label: 'Vss Manager', path: '/st/vss-manager' },
  { label: 'Approvals', path: '/st/approvals' },
];

describe('activeTabIndex', () => {
  it('follows the current path, including a detail below a tab', () => {
    expect(activeTabIndex(TABS, '/st/approvals')).toBe(2);
    expect(activeTabIndex(TABS, '/st/approvals/42')).toBe(2);
  });
  it('defaults to the first enabled tab when no tab matches', () => {
    expect(activeTabIndex(TABS, '/st')).toBe(1);
    expect(activeTabIndex([{ label: 'A', path: '/a' }], '/zzz')).toBe(0);
  });
  it('does not take a tab whose path is only a prefix of another word', () => {
    expect(activeTabIndex(TABS, '/st/approvals-archive')).toBe(1);
  });
});

describe('RouteTabs', () => {
  function renderAt(path: string) {
    const router = createMemoryRouter([{ path: '/st/*', element: <RouteTabs tabs={TABS} label="STORYTELLER tabs" /> }], {
      initialEntries: [path],
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('marks the tab of the current path and moves with a click', async () => {
    const router = renderAt('/st/vss-manager');
    expect(screen.getByRole('link', { name: 'Vss Manager' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Approvals' }));
    expect(router.state.location.pathname).toBe('/st/approvals');
    expect(screen.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores a click on a disabled tab', async () => {
    const router = renderAt('/st/vss-manager');
    const disabled = screen.getByText('Style-Sheet');
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled);
    expect(router.state.location.pathname).toBe('/st/vss-manager');
  });
});
