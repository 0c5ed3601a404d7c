// A domain's review chain for tests of the approval workflow and what it tells people: named members with
// signed-in tokens, posts held in the domain (or its region), a venue run by 'low', and submitting through the API.
import type { PositionType } from '@guildhall/shared/constants';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildCharacter, buildLocation, buildMember, buildPosition, buildVenue } from './factories';
import { bearer, type TestApp } from './test-app';

export interface ReviewChain {
  id: Record<string, number>;
  token: Record<string, string>;
  venueId: number;
  /** A member of their own new domain, or of `id_location`, signed in under `name`. */
  person(name: string, id_location?: number): Promise<number>;
  post(url: string, who: string, payload: object): Promise<LightMyRequestResponse>;
  /** `owner` applies through POST /api/approval/add for a new character on the chain's venue; the new id. */
  submit(owner: string, required: string, description?: string): Promise<number>;
}

/**
 * `atHome` live in the chain's domain (they include 'low', the venue's storyteller); `elsewhere` each in a
 * domain of their own; `posts` are held at the domain or at its region. The demo administrator is 'admin'.
 */
export async function buildReviewChain(
  t: TestApp,
  people: { atHome: string[]; elsewhere?: string[] },
  posts: [PositionType, string, 'domain' | 'region'][],
): Promise<ReviewChain> {
  const db = t.database.db;
  const id: Record<string, number> = {};
  const token: Record<string, string> = {};
  const person = async (name: string, id_location?: number) => {
    const member = await buildMember(db, { user_fname: name, ...(id_location ? { id_location } : {}) });
    id[name] = member.id_user;
    token[name] = await t.sessionFor(member.id_user);
    return member.id_user;
  };
  const domain = await buildLocation(db);
  for (const name of people.atHome) await person(name, domain.id_location);
  for (const name of people.elsewhere ?? []) await person(name);
  for (const [pos_type, holder, where] of posts)
    await buildPosition(db, { pos_type, id_user: id[holder], id_location: where === 'domain' ? domain.id_location : domain.id_parent! });
  const venueId = (await buildVenue(db, { id_location: domain.id_location, id_user_st: id.low })).id_venue;
  const admin = await t.accounts('admin');
  id.admin = admin.id.admin;
  token.admin = admin.token.admin;

  const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
  const submit = async (owner: string, required: string, description = `Item for ${required}`) => {
    const character = await buildCharacter(db, { id_user: id[owner], id_venue: venueId });
    const res = await post('/api/approval/add', owner, {
      character_id: character.id_character,
      description,
      category: 'Other',
      justification: 'For the story.',
      character_sheet: 'Sheet',
      mechanics: 'Mechanics',
      required_approval: required,
    });
    expect(res.statusCode).toBe(200);
    return res.json().result.id as number;
  };
  return { id, token, venueId, person, post, submit };
}
