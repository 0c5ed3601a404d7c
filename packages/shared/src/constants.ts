// SPEC §3 and §9 lists. Each is one const array feeding zod schemas, database checks and the SPA.

export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The largest id a record can have (PostgreSQL's integer); a larger one is an input error naming its field. */
export const MAX_RECORD_ID = 2_147_483_647;
export const TOAST_AUTO_CLOSE_MS = 5000;

export const PRESTIGE_CATEGORIES = [
  'Administration',
  'City Development',
  'Communication',
  'Community Service',
  'Publications and PR',
  'Event Services',
  'Storytelling Support',
  'Organizational Service',
  'Miscellaneous',
  'Exceptional Service',
  'Early Renewal',
  'Recruiting',
] as const;
export type PrestigeCategory = (typeof PRESTIGE_CATEGORIES)[number];

export const USER_TYPES = ['LARP', 'Tabletop', 'LRA', 'Troupe', 'Both'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const APPROVAL_CATEGORIES = ['VSS', '2 Point Rarity', '4 Point Rarity', 'Fame Background', 'Rank Background', 'Other'] as const;
export type ApprovalCategory = (typeof APPROVAL_CATEGORIES)[number];

export const APPROVAL_LEVELS = ['Low', 'Mid', 'High', 'Top'] as const;
export type ApprovalLevel = (typeof APPROVAL_LEVELS)[number];

export const APPROVAL_STATUSES = [
  'Denied',
  'Approved',
  'Removed',
  'Pending High',
  'Pending Mid',
  'Pending Low',
  'Pending Top',
  'Pending CST',
  'Pending Global',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const VIRTUES = ['Charity', 'Faith', 'Fortitude', 'Hope', 'Justice', 'Prudence', 'Temperence'] as const;
export const VICES = ['Envy', 'Gluttony', 'Greed', 'Lust', 'Pride', 'Sloth', 'Wrath'] as const;

export const XP_TYPES = ['Creation Dots', 'Earn', 'Spend', 'MC'] as const;
export type XpType = (typeof XP_TYPES)[number];

export const VENUE_ITEM_TYPES = ['Item', 'Location', 'NPC'] as const;
export type VenueItemType = (typeof VENUE_ITEM_TYPES)[number];

export const CHARACTER_STATUSES = ['Active', 'Inactive', 'Retired', 'Dead'] as const;
export type CharacterStatus = (typeof CHARACTER_STATUSES)[number];

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

/** SPEC §3 location types. 1 is the society's root, which no screen lists. */
export const LOCATION_TYPE = {
  ROOT: 1,
  REGION: 2,
  US_REGION: 3,
  DOMAIN: 4,
  SUB_DOMAIN: 5,
} as const;
export const US_LOCATION_CODE = 'US';

/**
 * Position types (DESIGN §5). The level says where the position sits; `role` what it lets its holder do;
 * `assistant` positions move an approval up rather than completing it (DESIGN §6).
 */
export const POSITION_TYPES = {
  NC: { title: 'National Coordinator', role: 'coordinator', level: 'national', assistant: false },
  NST: { title: 'National Storyteller', role: 'storyteller', level: 'national', assistant: false },
  ANST: { title: 'Assistant National Storyteller', role: 'storyteller', level: 'national', assistant: true },
  RC: { title: 'Regional Coordinator', role: 'coordinator', level: 'regional', assistant: false },
  RST: { title: 'Regional Storyteller', role: 'storyteller', level: 'regional', assistant: false },
  ARST: { title: 'Assistant Regional Storyteller', role: 'storyteller', level: 'regional', assistant: true },
  DC: { title: 'Domain Coordinator', role: 'coordinator', level: 'domain', assistant: false },
  DST: { title: 'Domain Storyteller', role: 'storyteller', level: 'domain', assistant: false },
  ADST: { title: 'Assistant Domain Storyteller', role: 'storyteller', level: 'domain', assistant: true },
  VST: { title: 'Venue Storyteller', role: 'storyteller', level: 'venue', assistant: false },
} as const;
export type PositionType = keyof typeof POSITION_TYPES;
export const POSITION_TYPE_CODES = Object.keys(POSITION_TYPES) as PositionType[];

/** A home-domain transfer's states (issue 13): the receiving coordinator accepts or declines; the member may cancel. */
export const TRANSFER_STATUSES = ['Pending', 'Accepted', 'Declined', 'Cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** How long a new member's one-time set-password link lives. */
export const SET_PASSWORD_LINK_HOURS = 72;
/** 'Expires within 30 days' on the coordinator's member list. */
export const EXPIRING_WITHIN_DAYS = 30;

/** Issue 28: a game's states; a closed game has posted its XP and prestige. */
export const GAME_STATUSES = ['scheduled', 'cancelled', 'closed'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
/** How a series repeats: every week, every other week, or monthly on the nth weekday of the first date. */
export const GAME_RECURRENCES = ['weekly', 'every_other_week', 'monthly_nth_weekday'] as const;
export type GameRecurrence = (typeof GAME_RECURRENCES)[number];
export const SIGNUP_ROLES = ['player', 'helper'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
export const SIGNUP_STATUSES = ['going', 'waiting', 'cancelled'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
/** Preset reasons for a helper's prestige at a game. */
export const HELPER_PRESTIGE_REASONS = ['Game staff', 'Set-up and tear-down', 'Non-player character'] as const;
/** Attendance of a closed game may be corrected for this many days after closing. */
export const GAME_CORRECTION_DAYS = 14;
/** At most this many occurrences are created for one series. */
export const MAX_SERIES_OCCURRENCES = 52;
/** The XP a game awards when its venue has no earlier game to take it from. */
export const DEFAULT_GAME_XP = 1;
