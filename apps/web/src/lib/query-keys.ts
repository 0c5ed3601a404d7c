// One query-key factory per entity, so a change invalidates exactly what shows it: a member's keys all start
// with ['member', id], so a prestige award can refresh that member's record, totals and overview at once.
export const queryKeys = {
  member: {
    all: ['member'] as const,
    of: (id: number | null) => ['member', id] as const,
    self: (id: number | null) => ['member', id, 'self'] as const,
    record: (id: number) => ['member', id, 'record'] as const,
    overview: (id: number) => ['member', id, 'overview'] as const,
    prestige: (id: number) => ['member', id, 'prestige'] as const,
    prestigeList: (id: number, query: object) => ['member', id, 'prestige', 'list', query] as const,
    aggregates: (id: number) => ['member', id, 'prestige', 'aggregates'] as const,
  },
  members: {
    search: (term: string) => ['members', 'search', term] as const,
    lookup: (query: object) => ['members', 'lookup', query] as const,
  },
  domains: {
    all: ['domains'] as const,
    byParent: (id: number | null) => ['domains', 'by-parent', id] as const,
    content: (ids: string) => ['domains', 'content', ids] as const,
    positions: (id: number) => ['domains', 'positions', id] as const,
  },
  documentation: {
    all: ['documentation'] as const,
    list: (search: object) => ['documentation', search] as const,
  },
  notifications: { all: ['notifications'] as const },
  auth: { config: ['auth', 'config'] as const },
};
