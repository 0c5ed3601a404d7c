// SPEC §3 Venue (style sheet), Venue item; §5 VSS form and venue item validation; §7 venue calls; the census.
import { VENUE_ITEM_TYPES, YES_NO } from '../constants';
import { VSS_STATUSES } from '../rules/vss-status';
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { optionalText, requiredId, requiredMessage, requiredText } from './messages';

/** The longest style-sheet text accepted (a long house-rules document fits). */
export const VSS_TEXT_MAX = 20_000;

/** SPEC §5 VSS form: venue type, name and style text required (POST /venue/add and /venue/{id}/update). */
export const venueFormSchema = z.object({
  id_venue_type: requiredId('venue type'),
  venue_name: requiredText('name', 120),
  venue_style: requiredText('style text', VSS_TEXT_MAX),
});
export type VenueForm = z.infer<typeof venueFormSchema>;
export type VenueFormInput = z.input<typeof venueFormSchema>;

/** What the caller may do with a style sheet (`extra.abilities` of GET /venue/{id}, `abilities` of a list row). */
export const VENUE_ABILITIES = ['edit', 'addItem'] as const;
export type VenueAbility = (typeof VENUE_ABILITIES)[number];

/** A style sheet's place and people, as the list and the detail both show them. */
const venueFacts = z.object({
  id_venue: z.number().int(),
  venue_name: z.string(),
  id_venue_type: z.number().int(),
  venue_type: z.string(),
  id_location: z.number().int(),
  domain_name: z.string(),
  domain_code: z.string(),
  region_name: z.string().nullable(),
  id_user_st: z.number().int().nullable(),
  storyteller_name: z.string().nullable(),
});

/** A row of the VSS list (SPEC §2): Domain, Region, Venue (its type), Style Sheet Name, Storyteller. */
export const venueRowSchema = venueFacts.extend({ abilities: z.array(z.enum(VENUE_ABILITIES)) });
export type VenueRow = z.infer<typeof venueRowSchema>;

export const VENUE_LIST_SORTABLE = ['id_venue', 'venue_name', 'venue_type', 'domain_name', 'storyteller_name'] as const;
export const venueListQuery = pagingQuery(VENUE_LIST_SORTABLE, 'id_venue', 'desc');
export type VenueListQuery = z.infer<typeof venueListQuery>;

/** POST /venues/get filters: a domain id covers the places below it too. */
export const venueListFilters = z.object({
  vssName: optionalText('vssName', 120),
  storytellerName: optionalText('storytellerName', 120),
  venueTypeId: requiredId('venueTypeId').nullish(),
  domainIds: z
    .array(requiredId('domainIds'), { error: 'domainIds must be a list of ids' })
    .max(50, { error: 'domainIds must hold at most 50 ids' })
    .nullish(),
});
export type VenueListFilters = z.infer<typeof venueListFilters>;

export const venuePositionSchema = z.object({
  id_position: z.number().int(),
  pos_type: z.string(),
  pos_title: z.string(),
  id_user: z.number().int().nullable(),
  holder_name: z.string().nullable(),
  user_camnum: z.string().nullable(),
});

/** GET /venue/{id}: the overview (organization, name, venue type, region, storyteller, position holders) and the text. */
export const venueSchema = venueFacts.extend({
  venue_style: z.string(),
  /** The society (the root of the location tree). */
  organization: z.string().nullable(),
  positions: z.array(venuePositionSchema),
  updated_at: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;

/** SPEC §5 venue item: name, type and description required. */
export const venueItemAddSchema = z.object({
  id_venue: requiredId('venue'),
  name: requiredText('name', 120),
  type: z.enum(VENUE_ITEM_TYPES, { error: requiredMessage('type') }),
  description: requiredText('description', 2000),
});
export type VenueItemAdd = z.infer<typeof venueItemAddSchema>;
export type VenueItemAddInput = z.input<typeof venueItemAddSchema>;

export const venueItemSchema = z.object({
  id_venue_item: z.number().int(),
  id_venue: z.number().int(),
  id_user_st: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(VENUE_ITEM_TYPES),
  description: z.string(),
  created_at: z.string(),
});
export type VenueItem = z.infer<typeof venueItemSchema>;
export const venueItemsQuery = pagingQuery(['name', 'type', 'id_venue_item'] as const, 'id_venue_item', 'asc');
export type VenueItemsQuery = z.infer<typeof venueItemsQuery>;

/** POST /character/{id}/sign: accept (yes) or reject (no) a Pending character, with the storyteller's note. */
export const characterSignSchema = z.object({
  resultSigned: z.enum(YES_NO, { error: 'resultSigned must be yes or no' }),
  /** The storyteller signing: the caller (sent by SPEC's screens; another member's id is refused). */
  storytellerId: requiredId('storytellerId').optional(),
  signResponse: optionalText('signResponse', 1000),
});
export type CharacterSign = z.infer<typeof characterSignSchema>;

export const CHARACTER_ON_VENUE_ABILITIES = ['sign'] as const;

/** A row of a style sheet's characters (VSS detail, census): the character, its player and its state. */
export const venueCharacterRowSchema = z.object({
  id_character: z.number().int(),
  character_name: z.string(),
  id_user: z.number().int(),
  player_name: z.string(),
  user_camnum: z.string(),
  type_name: z.string(),
  subtype_name: z.string(),
  character_status: z.string(),
  /** SPEC §3's review fields, from which vss_status is derived (rules/vss-status.ts). */
  being_reviewed: z.enum(YES_NO),
  st_signed: z.string().nullable(),
  vss_status: z.enum(VSS_STATUSES),
  sign_response: z.string().nullable(),
  abilities: z.array(z.enum(CHARACTER_ON_VENUE_ABILITIES)),
});
export type VenueCharacterRow = z.infer<typeof venueCharacterRowSchema>;

export const VENUE_CHARACTERS_SORTABLE = ['id_character', 'character_name', 'player_name', 'vss_status'] as const;
export const venueCharactersQuery = pagingQuery(VENUE_CHARACTERS_SORTABLE, 'id_character', 'asc');
export type VenueCharactersQuery = z.infer<typeof venueCharactersQuery>;

/** POST /venues-with-character-count/get: the census's style sheets, each with how many characters are on it. */
export const venueCensusRowSchema = z.object({
  id_venue: z.number().int(),
  venue_name: z.string(),
  venue_type: z.string(),
  character_count: z.number().int(),
});
export type VenueCensusRow = z.infer<typeof venueCensusRowSchema>;
export const venueCensusQuery = pagingQuery(['venue_name'] as const, 'venue_name', 'asc');
export type VenueCensusQuery = z.infer<typeof venueCensusQuery>;
