// One query-key factory per entity, so a change invalidates exactly what shows it: a member's keys all start
// with ['member', id], so a prestige award can refresh that member's record, totals and overview at once.
export const queryKeys = {
  member: {
    all: ['member'] as const,
    of: (id: number | null) => ['member', id] as const,
    self: (id: number | null) => ['member', id, 'self'] as const,
    record: (id: number) => ['member', id, 'record'] as const,
    /** Issue 26: what erasing the member would touch. */
    erasure: (id: number | null) => ['member', id, 'erasure'] as const,
    /** Issue 26: the member's data download being prepared or ready. */
    dataDownload: (id: number) => ['member', id, 'data-download'] as const,
    overview: (id: number) => ['member', id, 'overview'] as const,
    prestige: (id: number) => ['member', id, 'prestige'] as const,
    prestigeList: (id: number, query: object) => ['member', id, 'prestige', 'list', query] as const,
    aggregates: (id: number) => ['member', id, 'prestige', 'aggregates'] as const,
    mailPreferences: (id: number) => ['member', id, 'mail-preferences'] as const,
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
  /** A character's keys all start with ['character', id], so a change refreshes its detail, XP log and applications. */
  character: {
    all: ['character'] as const,
    of: (id: number) => ['character', id] as const,
    detail: (id: number) => ['character', id, 'detail'] as const,
    xpLogs: (id: number, query: object) => ['character', id, 'xp-logs', query] as const,
    approvals: (id: number) => ['character', id, 'approvals'] as const,
    /** A member's list (My characters); under 'character' too, so any character change refreshes it. */
    list: (userId: number, query: object) => ['character', 'list', userId, query] as const,
    search: (query: object) => ['character', 'search', query] as const,
    types: ['character-types'] as const,
    subtypes: (typeId: number | null) => ['character-subtypes', typeId] as const,
    venueTypes: ['venue-types'] as const,
  },
  /** A style sheet's keys all start with ['venue', id], so a change refreshes its detail, items and characters. */
  venue: {
    all: ['venue'] as const,
    list: (query: object) => ['venue', 'list', query] as const,
    of: (id: number) => ['venue', id] as const,
    detail: (id: number) => ['venue', id, 'detail'] as const,
    items: (id: number) => ['venue', id, 'items'] as const,
    characters: (id: number, query: object) => ['venue', id, 'characters', query] as const,
    census: ['venue', 'census'] as const,
    /** The style sheets of a domain (the Venue choices of a character): a new or renamed sheet shows at once. */
    ofDomain: (id: number) => ['venue', 'domain', id] as const,
  },
  /** Applications under review (the Approvals list and detail); a review action refreshes them all. */
  approvals: {
    all: ['approvals'] as const,
    list: (query: object) => ['approvals', 'list', query] as const,
    detail: (id: number) => ['approvals', 'detail', id] as const,
  },
  notifications: { all: ['notifications'] as const },
  /** Issue 13: the members within the caller's reach (Coordinator › My members, Administration › Members). */
  reach: {
    all: ['reach'] as const,
    members: (query: object) => ['reach', 'members', query] as const,
    prestige: (query: object) => ['reach', 'prestige', query] as const,
  },
  transfers: { all: ['transfers'] as const, list: (query: object) => ['transfers', query] as const },
  administration: {
    positions: (query: object) => ['administration', 'positions', query] as const,
    positionHistory: (id: number) => ['administration', 'positions', 'history', id] as const,
    audit: (query: object) => ['administration', 'audit', query] as const,
    mcLevels: ['administration', 'mc-levels'] as const,
    outbox: (query: object) => ['administration', 'outbox', query] as const,
  },
  /** Issue 28: every game key starts with ['games'], so a sign-up or check-in refreshes lists and details alike. */
  games: {
    all: ['games'] as const,
    list: (query: object) => ['games', 'list', query] as const,
    detail: (id: number) => ['games', id, 'detail'] as const,
    attendees: (id: number, q: string) => ['games', id, 'attendees', q] as const,
    feed: ['games', 'calendar-feed'] as const,
  },
  auth: { config: ['auth', 'config'] as const },
};
