// GET /user/{id}: oneself, another member (IDOR), staff, administrators, bad ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let memberId: number;
let coordinatorId: number;
let storytellerId: number;
let adminId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  memberId = await t.idOf('member@guildhall.test');
  coordinatorId = await t.idOf('coordinator@guildhall.test');
  storytellerId = await t.idOf('storyteller@guildhall.test');
  adminId = await t.idOf('admin@guildhall.test');
  for (const who of ['member', 'coordinator', 'storyteller', 'admin']) tokens[who] = await t.tokenFor(`${who}@guildhall.test`);
});
afterAll(async () => {
  await t?.close();
});

const getUser = (id: number | string, who: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(tokens[who]!) });

describe('GET /api/user/{id}', () => {
  it('gives a member their own record with SPEC’s fields and nested rows, and their shell abilities', async () => {
    const res = await getUser(memberId, 'member');
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result).toMatchObject({ id_user: memberId, is_admin: false, tbl_user_email: { email: 'member@guildhall.test' } });
    for (const field of [
      'user_fname',
      'user_lname',
      'user_camnum',
      'user_type',
      'user_expiration',
      'id_location',
      'user_bday',
      'tbl_user_phone',
      'tbl_user_address',
    ]) {
      expect(result).toHaveProperty(field);
    }
    expect(result).not.toHaveProperty('password_hash');
    expect(extra).toEqual({ abilities: ['transfers.request'] });
  });

  it('refuses a plain member another member’s id with 403 and none of their data', async () => {
    const res = await getUser(coordinatorId, 'member');
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('coordinator@guildhall.test');
    expect(res.json()).toMatchObject({ code: 'users.forbidden' });
  });

  it('lets staff read another member without contact details', async () => {
    const res = await getUser(memberId, 'storyteller');
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result.id_user).toBe(memberId);
    expect(result.tbl_user_email).toBeNull();
    expect(result.tbl_user_phone).toBeNull();
    expect(result.tbl_user_address).toBeNull();
    expect(result.user_bday).toBeNull();
    expect(extra).toBeUndefined();
  });

  it('shows contact details to coordinators and administrators', async () => {
    expect((await getUser(memberId, 'coordinator')).json().result.tbl_user_email.email).toBe('member@guildhall.test');
    expect((await getUser(memberId, 'admin')).json().result.tbl_user_email.email).toBe('member@guildhall.test');
  });

  it('tells each role’s abilities (what the policies let them do) with its own record', async () => {
    // Staff (any position) look members up and recommend prestige; coordinators also see and search emails;
    // administrators also manage documentation.
    expect((await getUser(storytellerId, 'storyteller')).json().extra.abilities).toEqual([
      'members.lookup',
      'prestige.recommend',
      'characters.search',
      'venues.add',
      'transfers.request',
    ]);
    expect((await getUser(coordinatorId, 'coordinator')).json().extra.abilities).toEqual([
      'members.lookup',
      'members.lookupByEmail',
      'prestige.recommend',
      'characters.search',
      'coordinator.open',
      'transfers.request',
    ]);
    expect((await getUser(adminId, 'admin')).json().extra.abilities).toEqual([
      'members.lookup',
      'members.lookupByEmail',
      'prestige.recommend',
      'prestige.awardSelf',
      'documentation.manage',
      'characters.search',
      'venues.add',
      'administration.open',
      'coordinator.open',
      'transfers.request',
    ]);
  });

  it('answers 404 for an id no member has', async () => {
    const res = await getUser(987654321, 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No member has this id.', code: 'users.not_found' });
  });

  it.each(['abc', '0', '-3', '1.5'])('answers 400 naming the id for %s', async (id) => {
    const res = await getUser(id, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('id');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/${memberId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('the API as a whole', () => {
  it('answers an unknown endpoint with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });

  it('serves its OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe('http://localhost:3999/api');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/exchange', '/auth/logout', '/user/{id}']));
  });

  it('sends security headers and a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
