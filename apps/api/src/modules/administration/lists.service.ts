// Issue 13: an administrator's edits of locations (name, code unique among siblings, parent), venue types,
// character types and subtypes, and the member-class ladder — each audited in its own transaction.
import { childAncestorList, childLocationType, isSelfOrBelow } from '@guildhall/shared/rules/locations';
import { ladderBreak } from '@guildhall/shared/rules/member-class';
import type { LocationAdd, McLevelSave } from '@guildhall/shared/schemas/administration';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { characterSubtypes, characterTypes, locations, mcLevels, tablesChanged, venueTypes, type Db, type Tx } from '../../db/index';
import { badRequest } from '../../errors';
import { writeAudit } from '../audit/audit.service';
import { administrationErrors } from './administration.errors';

/**
 * Edits of one list take turns (this mode conflicts with itself, not with readers), so an edit's checks see every
 * edit committed before it: a name another save added (subtypes have no unique index, the others' are
 * case-sensitive), a rung of the MC ladder, or a parent location's new path after its move (a share lock on the
 * parent row alone could deadlock with a move's subtree update, which locks rows in any order).
 */
const takeTurns = (tx: Tx, table: PgTable) => tx.execute(sql`lock table ${table} in share row exclusive mode`);

async function parentOf(tx: Tx, id_parent: number) {
  const [parent] = await tx.select().from(locations).where(eq(locations.id_location, id_parent));
  if (!parent) throw administrationErrors.noSuchDomain('id_parent');
  const type = childLocationType(parent);
  if (type === null)
    throw badRequest('administration.too_deep', 'id_parent is a sub-domain, which has no locations below it', [
      { path: 'id_parent', message: 'has no locations below it' },
    ]);
  return { parent, type };
}

async function assertCodeFree(tx: Tx, id_parent: number, code: string, except?: number) {
  const [taken] = await tx
    .select({ id: locations.id_location })
    .from(locations)
    .where(
      and(eq(locations.id_parent, id_parent), eq(locations.location_code, code), except ? ne(locations.id_location, except) : undefined),
    );
  if (taken) throw administrationErrors.codeTaken();
}

export async function addLocation(db: Db, by: number, input: LocationAdd): Promise<number> {
  const id_location = await db.transaction(async (tx) => {
    await takeTurns(tx, locations);
    const { parent, type } = await parentOf(tx, input.id_parent);
    await assertCodeFree(tx, parent.id_location, input.location_code);
    const [created] = await tx
      .insert(locations)
      .values({ ...input, location_type: type, id_parent_location: childAncestorList(parent) })
      .returning();
    await writeAudit(tx, { by, action: 'location.create', entity: 'location', entityId: created!.id_location, after: created });
    return created!.id_location;
  });
  tablesChanged(db, ['locations']);
  return id_location;
}

/** Renames, recodes or moves a location (under a parent of the same level); its subtree's ancestor lists follow. */
export async function updateLocation(db: Db, by: number, id_location: number, input: LocationAdd): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, locations);
    const [before] = await tx.select().from(locations).where(eq(locations.id_location, id_location)).for('update');
    if (!before) throw administrationErrors.notFound('location');
    const { parent, type } = await parentOf(tx, input.id_parent);
    if (isSelfOrBelow(parent, id_location)) throw administrationErrors.badParent();
    if (type !== before.location_type)
      throw badRequest('administration.other_level', 'id_parent must be at the level of the current parent', [
        { path: 'id_parent', message: 'must be at the level of the current parent' },
      ]);
    await assertCodeFree(tx, parent.id_location, input.location_code, id_location);
    const ancestors = childAncestorList(parent);
    await tx
      .update(locations)
      .set({
        location_name: input.location_name,
        location_code: input.location_code,
        id_parent: parent.id_location,
        id_parent_location: ancestors,
      })
      .where(eq(locations.id_location, id_location));
    if (ancestors !== before.id_parent_location) {
      // Every location below keeps its path under this one: the old prefix (up to this id) becomes the new one.
      const oldPrefix = [before.id_parent_location, id_location].filter(Boolean).join(',');
      const newPrefix = `${ancestors},${id_location}`;
      await tx
        .update(locations)
        .set({ id_parent_location: sql`${newPrefix} || substr(${locations.id_parent_location}, ${oldPrefix.length + 1})` })
        .where(sql`(${locations.id_parent_location} = ${oldPrefix} or ${locations.id_parent_location} like ${`${oldPrefix},%`})`);
    }
    await writeAudit(tx, {
      by,
      action: 'location.update',
      entity: 'location',
      entityId: id_location,
      before,
      after: { ...before, ...input, id_parent_location: ancestors },
    });
  });
  tablesChanged(db, ['locations']);
}

/** Adds or renames a row of one of the society's named lists; a name already in the list is a 409. */
interface NamedList {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  entity: string;
  path: string;
}

async function saveNamed(db: Db, by: number, spec: NamedList, id: number | null, values: Record<string, unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    await takeTurns(tx, spec.table);
    const name = values[spec.path] as string;
    const [taken] = await tx
      .select({ id: spec.id })
      .from(spec.table as never)
      .where(
        and(
          sql`lower(${spec.name}) = lower(${name})`,
          id ? ne(spec.id, id) : undefined,
          ...(spec.entity === 'character_subtype' ? [eq(characterSubtypes.id_parent_type, values.id_parent_type as number)] : []),
        ),
      );
    if (taken) throw administrationErrors.nameTaken(spec.path);
    if (id === null) {
      const [created] = (await tx
        .insert(spec.table)
        .values(values as never)
        .returning({ id: spec.id })) as { id: number }[];
      await writeAudit(tx, { by, action: `${spec.entity}.create`, entity: spec.entity, entityId: created!.id, after: values });
      return created!.id;
    }
    const [before] = (await tx
      .select()
      .from(spec.table as never)
      .where(eq(spec.id, id))) as Record<string, unknown>[];
    if (!before) throw administrationErrors.notFound(spec.entity.replace('_', ' '));
    await tx
      .update(spec.table)
      .set(values as never)
      .where(eq(spec.id, id));
    await writeAudit(tx, {
      by,
      action: `${spec.entity}.update`,
      entity: spec.entity,
      entityId: id,
      before,
      after: { ...before, ...values },
    });
    return id;
  });
}

export const NAMED_LISTS = {
  venueType: { table: venueTypes, id: venueTypes.id_venue_type, name: venueTypes.venue_type, entity: 'venue_type', path: 'venue_type' },
  characterType: {
    table: characterTypes,
    id: characterTypes.id_type,
    name: characterTypes.type_name,
    entity: 'character_type',
    path: 'type_name',
  },
  characterSubtype: {
    table: characterSubtypes,
    id: characterSubtypes.id_subtype,
    name: characterSubtypes.subtype_name,
    entity: 'character_subtype',
    path: 'subtype_name',
  },
} as const;

export async function saveListItem(
  db: Db,
  by: number,
  list: keyof typeof NAMED_LISTS,
  id: number | null,
  values: Record<string, unknown>,
): Promise<number> {
  if (list === 'characterSubtype') {
    const [type] = await db
      .select({ id: characterTypes.id_type })
      .from(characterTypes)
      .where(eq(characterTypes.id_type, values.id_parent_type as number));
    if (!type)
      throw badRequest('administration.no_such_type', 'id_parent_type is not a character type', [
        { path: 'id_parent_type', message: 'is not a character type' },
      ]);
  }
  return saveNamed(db, by, NAMED_LISTS[list] as NamedList, id, values);
}

export function mcLadder(db: Db) {
  return db.select().from(mcLevels).orderBy(asc(mcLevels.mc));
}

/** Adds or changes one rung; the ladder must stay cumulative (a higher class never needs less). */
export async function saveMcLevel(db: Db, by: number, input: McLevelSave): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, mcLevels);
    const ladder = await tx.select().from(mcLevels).orderBy(asc(mcLevels.mc));
    const before = ladder.find((l) => l.mc === input.mc) ?? null;
    const next = [...ladder.filter((l) => l.mc !== input.mc), input];
    const broken = ladderBreak(next);
    if (broken !== null)
      throw badRequest('administration.ladder_order', `MC ${broken} would need fewer points than the class below it`, [
        { path: 'general_required', message: `MC ${broken} would need fewer points than the class below it` },
      ]);
    await tx
      .insert(mcLevels)
      .values(input)
      .onConflictDoUpdate({
        target: mcLevels.mc,
        set: {
          general_required: input.general_required,
          regional_required: input.regional_required,
          national_required: input.national_required,
        },
      });
    await writeAudit(tx, {
      by,
      action: before ? 'mc_level.update' : 'mc_level.create',
      entity: 'mc_level',
      entityId: input.mc,
      before,
      after: input,
    });
  });
  tablesChanged(db, ['mc_levels']);
}
