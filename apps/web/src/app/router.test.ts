// DESIGN §2: only the lists with a detail take an :id; anything else under a tab is an unknown path.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageLoaders, routes } from './router';

const lastPath = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.path;

describe('the route table', () => {
  it.each(['/utilities/standards/x', '/utilities/domain-list/12', '/characters/vss-list/3', '/storyteller/plots/1', '/overview/2'])(
    'sends %s to Not found page',
    (url) => expect(lastPath(url)).toBe('*'),
  );

  it.each(['/characters/list/7', '/storyteller/vss-manager/3', '/storyteller/approvals/12'])('opens the detail route of %s', (url) =>
    expect(lastPath(url)).toBe(':id'),
  );

  it.each([
    ['/login', 1],
    ['/overview', 2],
    ['/utilities/domain-list', 3],
    ['/characters/list/7', 4],
    ['/nowhere', 0],
  ])('preloads every lazy chunk %s renders (%i)', (url, chunks) => expect(pageLoaders(url)).toHaveLength(chunks));
});
