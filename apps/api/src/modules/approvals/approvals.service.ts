// Applications (SPEC §3 Approval, DESIGN §6): a character's list, and submission with its number and chain.
import { regionOf } from '@guildhall/shared/rules/locations';
import { appNumber } from '@guildhall/shared/rules/app-number';
import type { ApprovalAdd, ApprovalRow } from '@guildhall/shared/schemas/approvals';
import type { Paging, ListResult } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagedList } from '../../db/list';
import { appNumberCounters, approvalEvents, approvals, characters, notifications, positions, users, venues } from '../../db/schema/index';
import { charactersErrors } from '../characters/characters.errors';
import { listLocations } from '../locations/locations.service';
import { approvalsErrors } from './approvals.errors';

export const CHARACTER_APPROVALS_SORTABLE = ['created_at', 'app_number', 'status'] as const;

export async function listApprovalsOfCharacter(
  db: Db,
  character_id: number,
  paging: Paging<(typeof CHARACTER_APPROVALS_SORTABLE)[number]>,
): Promise<ListResult<ApprovalRow>> {
  const where = eq(approvals.character_id, character_id);
  const page = await pagedList(paging, {
    rows: db
      .select({
        id: approvals.id,
        app_number: approvals.app_number,
        description: approvals.description,
        category: approvals.category,
        required_approval: approvals.required_approval,
        status: approvals.status,
        character_id: approvals.character_id,
        created_at: approvals.created_at,
        update_date: approvals.update_date,
      })
      .from(approvals)
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(approvals).where(where),
    sortable: { created_at: approvals.created_at, app_number: approvals.app_number, status: approvals.status },
    tieBreak: approvals.id,
  });
  return {
    rows: page.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), update_date: r.update_date.toISOString() })),
    count: page.count,
  };
}

/** The holder of the first post of `type` at the location, if any (the lowest position id: the senior post). */
async function holder(tx: Tx, id_location: number | undefined, type: 'DST' | 'RST' | 'NST'): Promise<number | null> {
  const [row] = await tx
    .select({ id_user: positions.id_user })
    .from(positions)
    .where(
      and(eq(positions.pos_type, type), isNotNull(positions.id_user), id_location ? eq(positions.id_location, id_location) : undefined),
    )
    .orderBy(positions.id_position)
    .limit(1);
  return row?.id_user ?? null;
}

/**
 * DESIGN §6 submission: the number is the player's domain code and that domain's next sequence (one UPDATE …
 * RETURNING, so concurrent submissions never collide); the chain is the venue's storyteller (Low), a domain
 * storyteller of the venue's domain (Mid), a regional storyteller of its region (High) and a national
 * storyteller (Global). Status 'Pending Low', an event, and the first approver is told.
 */
export async function submitApproval(db: Db, submitterId: number, input: ApprovalAdd): Promise<{ id: number; app_number: string }> {
  return db.transaction(async (tx) => {
    const [character] = await tx
      .select({
        status: characters.character_status,
        name: characters.character_name,
        player_location: users.id_location,
        venue_location: venues.id_location,
        venue_st: venues.id_user_st,
      })
      .from(characters)
      .innerJoin(users, eq(users.id_user, characters.id_user))
      .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
      .where(eq(characters.id_character, input.character_id));
    if (!character) throw charactersErrors.notFound();
    if (character.status !== 'Active') throw approvalsErrors.characterNotActive();
    if (!character.player_location) throw approvalsErrors.noDomain();

    const locations = await listLocations(tx);
    const byId = new Map(locations.map((l) => [l.id_location, l]));
    const [counter] = await tx
      .insert(appNumberCounters)
      .values({ id_location: character.player_location, last_number: 1 })
      .onConflictDoUpdate({ target: appNumberCounters.id_location, set: { last_number: sql`${appNumberCounters.last_number} + 1` } })
      .returning({ last: appNumberCounters.last_number });
    const number = appNumber(byId.get(character.player_location)!.domain_code, counter!.last);

    const venueLocation = character.venue_location ? byId.get(character.venue_location) : undefined;
    const region = venueLocation ? regionOf(venueLocation, byId) : undefined;
    const chain = {
      id_user_low: character.venue_st,
      id_user_mid: await holder(tx, venueLocation?.id_location ?? -1, 'DST'),
      id_user_high: await holder(tx, region?.id_location ?? -1, 'RST'),
      id_user_global: await holder(tx, undefined, 'NST'),
    };
    const [created] = await tx
      .insert(approvals)
      .values({
        app_number: number,
        description: input.description,
        category: input.category,
        justification: input.justification,
        character_sheet: input.character_sheet,
        mechanics: input.mechanics,
        required_approval: input.required_approval,
        status: 'Pending Low',
        character_id: input.character_id,
        updated_by: submitterId,
        ...chain,
      })
      .returning({ id: approvals.id });
    await tx
      .insert(approvalEvents)
      .values({ approval_id: created!.id, id_user: submitterId, from_status: null, to_status: 'Pending Low', note: 'Submitted' });
    if (chain.id_user_low && chain.id_user_low !== submitterId) {
      await tx.insert(notifications).values({
        id_user: chain.id_user_low,
        kind: 'approval',
        message: `Application ${number} (${input.description}) for ${character.name} awaits your review.`,
        link: `/storyteller/approvals/${created!.id}`,
      });
    }
    return { id: created!.id, app_number: number };
  });
}
