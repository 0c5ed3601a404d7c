// Issue 28: games — scheduling, sign-up, check-in at the door, closing — and the personal calendar feed.
import { z } from 'zod';
import {
  GAME_RECURRENCES,
  GAME_STATUSES,
  HELPER_PRESTIGE_REASONS,
  MAX_SERIES_OCCURRENCES,
  PRESTIGE_CATEGORIES,
  SIGNUP_ROLES,
  SIGNUP_STATUSES,
  type SignupRole,
} from '../constants';
import { pagingQuery } from './envelope';
import { dateField, numberInput, optionalText, requiredId, requiredMessage, requiredText } from './messages';

const idField = requiredId;
const blankIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (field: string) => z.preprocess(blankIsMissing, idField(field).optional());
const wholeNumber = (field: string, min: number, max: number) =>
  numberInput(
    z
      .number({ error: `${field} must be a whole number` })
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
  );

const timeOfDay = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${field} must be a time of day (HH:MM)` });

/** A time zone the runtime knows by its IANA name ('Europe/Berlin'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}
const timeZone = requiredText('time zone', 64).refine(isTimeZone, { error: 'time zone must be a time zone name such as Europe/Berlin' });

/** Fields of a game that scheduling sets and editing may change. */
const gameFields = {
  game_name: requiredText('name', 120),
  date: dateField('date'),
  start_time: timeOfDay('start time'),
  end_time: timeOfDay('end time'),
  time_zone: timeZone,
  place: requiredText('place', 200),
  /** No value: no limit. */
  capacity: z.preprocess(blankIsMissing, wholeNumber('capacity', 1, 10_000).nullish()),
  description: optionalText('description', 5000),
  /** No value: the venue's last game's XP, or DEFAULT_GAME_XP. */
  xp_award: z.preprocess(blankIsMissing, wholeNumber('XP', 0, 100).optional()),
  prestige_points: z.preprocess(blankIsMissing, wholeNumber('prestige points', 0, 100).default(0)),
  prestige_category: z.enum(PRESTIGE_CATEGORIES, { error: requiredMessage('prestige category') }).default('Event Services'),
  prestige_reason: z.enum(HELPER_PRESTIGE_REASONS, { error: requiredMessage('prestige reason') }).default('Game staff'),
};

export const gameAddSchema = z
  .object({
    id_venue: optionalId('venue'),
    id_location: optionalId('domain'),
    ...gameFields,
    recurrence: z.preprocess(blankIsMissing, z.enum(GAME_RECURRENCES, { error: 'recurrence is not a known rule' }).optional()),
    occurrences: z.preprocess(blankIsMissing, wholeNumber('occurrences', 2, MAX_SERIES_OCCURRENCES).optional()),
  })
  .superRefine((game, ctx) => {
    if ((game.id_venue === undefined) === (game.id_location === undefined))
      ctx.addIssue({ code: 'custom', path: ['id_venue'], message: 'give a venue or a domain, not both' });
    if (game.recurrence && game.occurrences === undefined)
      ctx.addIssue({ code: 'custom', path: ['occurrences'], message: requiredMessage('occurrences') });
  });
export type GameAdd = z.infer<typeof gameAddSchema>;
export type GameAddInput = z.input<typeof gameAddSchema>;

/** Editing one occurrence, or every scheduled occurrence of its series from this one on (the date stays each one's own). */
export const gameUpdateSchema = z.object({
  scope: z.enum(['one', 'series'], { error: 'scope must be one or series' }).default('one'),
  game_name: gameFields.game_name.optional(),
  date: gameFields.date.optional(),
  start_time: gameFields.start_time.optional(),
  end_time: gameFields.end_time.optional(),
  place: gameFields.place.optional(),
  /** Absent: unchanged; empty or null: no limit (those waiting then go). */
  capacity: z.preprocess((v) => (v === '' ? null : v), wholeNumber('capacity', 1, 10_000).nullable().optional()),
  description: gameFields.description,
  xp_award: gameFields.xp_award,
});
export type GameUpdate = z.infer<typeof gameUpdateSchema>;

export const GAME_ABILITIES = ['edit', 'cancel', 'checkIn', 'close', 'correct', 'signUp'] as const;
export type GameAbility = (typeof GAME_ABILITIES)[number];

export const mySignupSchema = z.object({
  status: z.enum(SIGNUP_STATUSES),
  role: z.enum(SIGNUP_ROLES),
  id_character: z.number().int().nullable(),
  character_name: z.string().nullable(),
  /** Place on the waiting list (1 = next in), null when going. */
  waiting_place: z.number().int().nullable(),
});
export type MySignup = z.infer<typeof mySignupSchema>;

export const gameSchema = z.object({
  id_game: z.number().int(),
  game_name: z.string(),
  id_venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  id_location: z.number().int(),
  location_name: z.string(),
  id_series: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  place: z.string(),
  capacity: z.number().int().nullable(),
  description: z.string().nullable(),
  xp_award: z.number().int(),
  prestige_points: z.number().int(),
  prestige_category: z.enum(PRESTIGE_CATEGORIES),
  prestige_reason: z.string(),
  status: z.enum(GAME_STATUSES),
  closed_at: z.string().nullable(),
  going: z.number().int(),
  waiting: z.number().int(),
  checked_in: z.number().int(),
  my_signup: mySignupSchema.nullable(),
  abilities: z.array(z.enum(GAME_ABILITIES)),
});
export type Game = z.infer<typeof gameSchema>;
export type GameRow = Omit<Game, 'my_signup' | 'abilities'>;

export const GAMES_SORTABLE = ['starts_at'] as const;
export const gamesQuery = pagingQuery(GAMES_SORTABLE, 'starts_at', 'asc').extend({
  venue: optionalId('venue'),
  location: optionalId('domain'),
  /** Only games the caller signed up for (going or waiting). */
  mine: z.enum(['yes', 'no']).default('no'),
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});
export type GamesQuery = z.infer<typeof gamesQuery>;

/** A player comes with a character, a helper without: at sign-up, at the door, and when added by a correction. */
function playerNamesACharacter<T extends { role: SignupRole; id_character?: number }>(c: T, ctx: z.RefinementCtx<T>) {
  if (c.role === 'player' && c.id_character === undefined)
    ctx.addIssue({ code: 'custom', path: ['id_character'], message: requiredMessage('character') });
}

export const signupSchema = z
  .object({
    role: z.enum(SIGNUP_ROLES, { error: 'role must be player or helper' }).default('player'),
    id_character: optionalId('character'),
  })
  .superRefine(playerNamesACharacter);
export type SignupInput = z.infer<typeof signupSchema>;

export const attendeesQuery = z.object({
  /** A name or a membership number: also finds members who did not sign up (walk-ins). */
  q: optionalText('search', 100),
});
export const attendeeSchema = z.object({
  id_user: z.number().int(),
  member_name: z.string(),
  user_camnum: z.string(),
  signup_status: z.enum(SIGNUP_STATUSES).nullable(),
  role: z.enum(SIGNUP_ROLES).nullable(),
  id_character: z.number().int().nullable(),
  character_name: z.string().nullable(),
  id_checkin: z.number().int().nullable(),
  /** The member's characters accepted on the game's venue: what a walk-in may play. */
  characters: z.array(z.object({ id_character: z.number().int(), character_name: z.string() })),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** A check-in made at the door, perhaps offline: the key makes sending it again harmless. */
export const checkinSchema = z
  .object({
    key: z
      .string({ error: requiredMessage('key') })
      .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'key must be 8 to 64 letters, digits or dashes' }),
    id_user: idField('member'),
    role: z.enum(SIGNUP_ROLES, { error: 'role must be player or helper' }).default('player'),
    id_character: optionalId('character'),
  })
  .superRefine(playerNamesACharacter);
export type CheckinInput = z.infer<typeof checkinSchema>;
export const checkinResultSchema = z.object({ id_checkin: z.number().int(), replayed: z.boolean() });

export const closeResultSchema = z.object({ closed: z.boolean(), xp_entries: z.number().int(), prestige_entries: z.number().int() });

/** Correcting a closed game's attendance: void check-ins (and what they earned), add missed ones (and post theirs). */
export const correctionSchema = z
  .object({
    void: z.array(idField('check-in')).max(500).default([]),
    add: z
      .array(
        z
          .object({
            id_user: idField('member'),
            role: z.enum(SIGNUP_ROLES).default('player'),
            id_character: optionalId('character'),
          })
          .superRefine(playerNamesACharacter),
      )
      .max(500)
      .default([]),
  })
  .refine((c) => c.void.length + c.add.length > 0, { path: ['void'], error: 'give check-ins to void or attendees to add' });
export type CorrectionInput = z.infer<typeof correctionSchema>;

export const calendarFeedSchema = z.object({ url: z.string().nullable() });
