// Characters on a style sheet (SPEC §4): the sheet's list with its players and states, and signing a Pending one.
import { canSignOnVss, characterVssStatus, type VssStatus } from '@guildhall/shared/rules/vss-status';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { CharacterSign, VenueCharacterRow, VenueCharactersQuery } from '@guildhall/shared/schemas/venues';
import { and, count, eq, sql } from 'drizzle-orm';
import { oncePerDatabase, pagedList, totalKeyOf, characters, users, venues, type Db } from '../../db/index';
import { noticeSubject, notify, resolveNotices, noticesTransaction } from '../notifications/notifications.service';
import { byPlayer, characterColumns, playerName, selectCharacterRowsWithPlayers, vssStatusSql } from './character-rows';
import { charactersErrors } from './characters.errors';
import type { CharacterFacts } from './characters.policy';

/**
 * SPEC §4: a storyteller accepts (yes) or rejects (no) a Pending character; the player hears of it. The update
 * only takes a character still Pending, so of two signings (a double click, two tabs) one changes it and the
 * other is a 409.
 */
/** A character on a style sheet, as its list and its export show it. */
export const sheetCharacterColumns = {
  ...characterColumns,
  player_name: playerName,
  user_camnum: users.user_camnum,
  character_status: characters.character_status,
  sign_response: characters.sign_response,
};

export async function signCharacter(
  db: Db,
  id_character: number,
  /**
   * The venue and its storyteller the signer's right was checked on: a character moved since then is not signed
   * onto the new sheet, nor one whose sheet has gone to another storyteller meanwhile.
   */
  checked: { id_venue: number | null; venue_st: number | null },
  signerId: number,
  input: CharacterSign,
): Promise<VssStatus> {
  const checkedVenue = checked.id_venue;
  // A character on no style sheet has nothing to accept or reject onto (issue 23).
  if (checkedVenue === null) throw charactersErrors.noStyleSheet();
  const stillRunBy = sql`exists (select 1 from ${venues} where ${venues.id_venue} = ${checkedVenue} and ${venues.id_user_st} is not distinct from ${checked.venue_st})`;
  return noticesTransaction(db, async (tx) => {
    const [signed] = await tx
      .update(characters)
      .set({
        being_reviewed: 'yes',
        st_signed: input.resultSigned,
        sign_response: input.signResponse || null,
        signed_by: signerId,
        signed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(characters.id_character, id_character),
          eq(characters.being_reviewed, 'no'),
          eq(characters.id_venue, checkedVenue),
          stillRunBy,
        ),
      )
      .returning({ id_user: characters.id_user, character_name: characters.character_name, id_venue: characters.id_venue });
    if (!signed) throw charactersErrors.notPending();
    await resolveNotices(tx, noticeSubject('character', id_character));
    const [venue] = signed.id_venue
      ? await tx.select({ name: venues.venue_name }).from(venues).where(eq(venues.id_venue, signed.id_venue))
      : [];
    const outcome = input.resultSigned === 'yes' ? 'accepted' : 'rejected';
    await notify(tx, signed.id_user, {
      kind: 'character',
      // The storyteller's response goes with it (in-app and in the e-mail), as the player needs it most on a rejection.
      message: `${signed.character_name} was ${outcome} on ${venue?.name ?? 'its style sheet'}.${input.signResponse ? ` The storyteller wrote: ${input.signResponse}` : ''}`,
      link: `/characters/list/${id_character}`,
    });
    return characterVssStatus({ id_venue: signed.id_venue, being_reviewed: 'yes', st_signed: input.resultSigned });
  });
}

/** The characters on a sheet, counted by one statement prepared by name (the sheet its placeholder). */
const sheetCount = oncePerDatabase((db) =>
  db
    .select({ n: count() })
    .from(characters)
    .where(eq(characters.id_venue, sql.placeholder('venue')))
    .prepare('sheet_characters_count'),
);

/** GET /characters/venue/{id}: the characters on a style sheet with their players and states. */
export async function listCharactersOfVenue(
  db: Db,
  id_venue: number,
  query: VenueCharactersQuery,
  maySign: (character: CharacterFacts) => Promise<boolean>,
  venue_st: number | null,
): Promise<ListResult<VenueCharacterRow>> {
  const page = await pagedList(db, query, {
    totalKey: totalKeyOf(`characters of sheet ${id_venue}`, query),
    // One statement per sort for every sheet, the sheet its placeholder.
    rows: () =>
      selectCharacterRowsWithPlayers(db, sheetCharacterColumns)
        .where(eq(characters.id_venue, sql.placeholder('venue')))
        .$dynamic(),
    prepared: { name: 'sheet_characters', values: { venue: id_venue } },
    count: () => sheetCount(db).execute({ venue: id_venue }),
    sortable: {
      id_character: characters.id_character,
      character_name: sql`lower(${characters.character_name})`,
      player_name: byPlayer,
      vss_status: vssStatusSql,
    },
    tieBreak: characters.id_character,
  });
  const rows = await Promise.all(
    page.rows.map(async (row) => {
      const facts = { ...row, id_venue };
      const signable = canSignOnVss(facts) && (await maySign({ id_user: row.id_user, venue_st }));
      return {
        ...row,
        vss_status: characterVssStatus(facts),
        abilities: signable ? ['sign' as const] : [],
      };
    }),
  );
  return { rows, count: page.count };
}
