// The policy helper: one rule per action; assert throws the policy's own error; abilities lists what is allowed.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index';
import { forbidden } from '../errors';
import type { Actor } from './actor';
import { definePolicy } from './policy';

const db = {} as Db;
const actor = (id_user: number, isAdmin = false): Actor => ({ id_user, sid: 's', isAdmin, positions: [], runsVenues: false });
const notes = definePolicy<'read' | 'edit' | 'delete', { owner: number }>(
  {
    read: () => true,
    edit: (a, note) => a.id_user === note.owner,
    delete: async (a) => a.isAdmin,
  },
  (action) => forbidden(`notes.${action}_forbidden`, `You may not ${action} this note.`),
);

describe('definePolicy', () => {
  it('answers each action from its rule, sync or async', async () => {
    expect(await notes.can(db, actor(1), 'edit', { owner: 1 })).toBe(true);
    expect(await notes.can(db, actor(2), 'edit', { owner: 1 })).toBe(false);
    expect(await notes.can(db, actor(2, true), 'delete', { owner: 1 })).toBe(true);
  });

  it('throws the policy’s error for a refused action and nothing for an allowed one', async () => {
    await expect(notes.assert(db, actor(2), 'edit', { owner: 1 })).rejects.toMatchObject({
      statusCode: 403,
      code: 'notes.edit_forbidden',
    });
    await expect(notes.assert(db, actor(1), 'edit', { owner: 1 })).resolves.toBeUndefined();
  });

  it('lists the allowed abilities of a record in the order asked', async () => {
    expect(await notes.abilities(db, actor(1), { owner: 1 }, ['delete', 'edit', 'read'])).toEqual(['edit', 'read']);
    expect(await notes.abilities(db, actor(3, true), { owner: 1 }, ['read', 'edit', 'delete'])).toEqual(['read', 'delete']);
  });
});
