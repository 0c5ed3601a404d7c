// DESIGN §7: the overview's live figures (GET /user/{id}/overview), one round trip.
import { z } from 'zod';

export const overviewSchema = z.object({
  membership: z.object({ user_camnum: z.string(), user_expiration: z.string().nullable(), expired: z.boolean() }),
  tiles: z.object({
    mc: z.number().int(),
    activeCharacters: z.number().int(),
    openApprovals: z.number().int(),
    notifications: z.number().int(),
  }),
  /** The storyteller's space panel; null for members who are not storytellers. */
  vst: z
    .object({
      positionCode: z.string(),
      pcsOnVss: z.number().int(),
      pcsPending: z.number().int(),
      pendingApprovals: z.number().int(),
      vssItems: z.number().int(),
    })
    .nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const positionSchema = z.object({
  id_position: z.number().int(),
  pos_type: z.string(),
  pos_title: z.string(),
  tbl_user: z.object({ id_user: z.number().int(), user_fname: z.string(), user_lname: z.string(), user_camnum: z.string() }).nullable(),
  /** The venue a venue post (e.g. Venue Storyteller) serves; null for posts of the location itself. */
  tbl_venue: z.object({ id_venue: z.number().int(), venue_name: z.string() }).nullable(),
});
export type Position = z.infer<typeof positionSchema>;
