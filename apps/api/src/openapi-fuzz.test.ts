// Bad input never answers 500. Every operation of the OpenAPI document (GET /api/docs) is called by a signed-in
// administrator with hostile values in each path parameter, query parameter and body field in turn (wrong types,
// boundaries, NUL, huge numbers, far dates) and with seeded random mixes of them; no answer may be a 5xx, and
// every 4xx must be DESIGN §3's envelope { message, code }.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test/test-app';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
};
type Operation = {
  parameters?: { in: 'path' | 'query'; name: string; schema?: Schema }[];
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};

const PORT = process.env.GUILDHALL_TEST_DB === 'postgres' ? 3183 : 3184;

/** Operations whose 5xx belong to another piece of work (the code exchange with the provider): reported, not failed. */
const FIVE_XX_ELSEWHERE = new Set(['POST /auth/exchange']);

const hostileStrings = [
  'a\u0000b',
  '\u0000',
  '',
  ' ',
  '9999-12-31',
  '0000-01-01',
  '+275760-09-13',
  '2024-02-30',
  '-1',
  '1e309',
  '99999999999999999999',
  'x'.repeat(20_000),
  '\uD800',
  "'; drop table users; --",
  '%',
  '_',
  '\\',
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  1e22,
  true,
  [],
  ['a\u0000'],
  {},
  { '\u0000': 1 },
];
const hostileQuery = [
  '%00',
  'a%00b',
  '',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  '9999-12-31',
  '0000-01-01',
  '2024-02-30',
  `${'x'.repeat(5000)}`,
  '%ED%A0%80',
  '1,2,abc',
  ',,,',
  '%27%3B--',
  'true',
];
const hostilePath = ['0', '-1', 'abc', '1.5', '2147483648', '9007199254740993', '1e309', '99999999999999999999', '%00', '%ED%A0%80'];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const types = (s: Schema): string[] => {
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf)!.flatMap(types);
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};

/** A plausible, mostly valid value for a schema, so that mutating one field reaches the code behind validation. */
function plausible(schema: Schema, name: string, adminId: number): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf)?.filter((s) => !types(s).includes('null'));
  if (options?.length) return plausible(options[0]!, name, adminId);
  const [type] = types(schema).filter((t) => t !== 'null');
  if (type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, plausible(inner, key, adminId)]));
  }
  if (type === 'array') return [plausible(schema.items ?? {}, name, adminId)];
  if (type === 'integer' || type === 'number') return name === 'id_user' || name === 'userId' ? adminId : 1;
  if (type === 'boolean') return true;
  if (/email/i.test(name)) return 'fuzz@example.test';
  if (/phone/i.test(name)) return '+1 555 0100';
  if (/bday|^from$|^to$|date/i.test(name)) return '2000-01-01';
  return 'fuzz';
}

describe('the API under hostile input from its own OpenAPI document', () => {
  let t: TestApp;
  let token: string;
  let adminId: number;

  beforeAll(async () => {
    // No sign-in limit or account lock in the way: the fuzzer fails sign-ins on purpose. The app listens on its
    // public address so the sign-in configuration and the code exchange reach its embedded provider.
    t = await createTestApp({
      SIGNIN_FAILURES_PER_MINUTE: '1000000',
      ACCOUNT_LOCK_FAILURES: '1000000',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    });
    await t.app.listen({ host: '127.0.0.1', port: PORT });
    token = await t.tokenFor('admin@guildhall.test');
    adminId = await t.idOf('admin@guildhall.test');
  });
  afterAll(() => t?.close());

  it('never answers 5xx, and answers every 4xx with { message, code }', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    const elsewhere = new Set<string>();
    let calls = 0;
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    expect(operations.length).toBeGreaterThan(20);

    const call = async (name: string, method: string, url: string, payload: unknown, hasBody: boolean) => {
      calls++;
      const request = () =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...bearer(token), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: JSON.stringify(payload) } : {}),
        });
      let res = await request();
      if (res.statusCode === 401 && name !== 'POST /auth/login') {
        // An earlier call (logout, a password change) ended the session: sign in again and repeat.
        token = await t.tokenFor('admin@guildhall.test');
        res = await request();
      }
      const what = `${name} ${url.slice(0, 200)} ${hasBody ? JSON.stringify(payload).slice(0, 200) : ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) {
        if (FIVE_XX_ELSEWHERE.has(name)) elsewhere.add(what);
        else failures.push(what);
      } else if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        const ok =
          typeof body === 'object' &&
          body !== null &&
          typeof (body as { message?: unknown }).message === 'string' &&
          typeof (body as { code?: unknown }).code === 'string';
        if (!ok) failures.push(`no envelope: ${what}`);
      }
    };

    const next = random(20261123);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    for (const { path, method, op } of operations) {
      const name = `${method} ${path}`;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const hasBody = Boolean(bodySchema) || method === 'POST';
      const baseBody = bodySchema ? (plausible(bodySchema, '', adminId) as Record<string, unknown>) : {};
      const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, undefined as string | undefined]));
      const url = (params: Record<string, string>, query: Record<string, string | undefined>) => {
        const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? String(adminId));
        const qs = Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
        return `/api${filled}${qs ? `?${qs}` : ''}`;
      };

      await call(name, method, url({}, baseQuery), baseBody, hasBody);
      for (const p of pathParams) {
        for (const value of hostilePath) await call(name, method, url({ [p.name]: value }, baseQuery), baseBody, hasBody);
      }
      for (const p of queryParams) {
        for (const value of hostileQuery) await call(name, method, url({}, { ...baseQuery, [p.name]: value }), baseBody, hasBody);
      }
      if (hasBody) {
        for (const whole of [null, [], 'text', 42, {}, { a: { b: { c: { d: [[[]]] } } } }])
          await call(name, method, url({}, baseQuery), whole, true);
        for (const [key, inner] of Object.entries(baseBody)) {
          for (const value of hostileValues) await call(name, method, url({}, baseQuery), { ...baseBody, [key]: value }, true);
          if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
            for (const nestedKey of Object.keys(inner)) {
              for (const value of hostileValues) {
                await call(name, method, url({}, baseQuery), { ...baseBody, [key]: { ...inner, [nestedKey]: value } }, true);
              }
            }
          }
        }
      }
      // Random mixes: several fields hostile at once.
      for (let round = 0; round < 15; round++) {
        const params = Object.fromEntries(pathParams.map((p) => [p.name, next() < 0.3 ? pick(hostilePath) : String(adminId)]));
        const query = Object.fromEntries(queryParams.map((p) => [p.name, next() < 0.4 ? pick(hostileQuery) : undefined]));
        const body = Object.fromEntries(Object.entries(baseBody).map(([k, v]) => [k, next() < 0.4 ? pick(hostileValues) : v]));
        await call(name, method, url(params, query), body, hasBody);
      }
    }
    if (elsewhere.size > 0)
      console.warn(`5xx left to the code-exchange work (${elsewhere.size}):\n${[...elsewhere].slice(0, 5).join('\n')}`);
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
