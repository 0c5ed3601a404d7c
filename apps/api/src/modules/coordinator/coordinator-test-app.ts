// What the coordinator test files start from: the role matrix's accounts (a coordinator's home domain and a domain
// far from it), requests as one of them. The bindings are live, set before the file's tests run.
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, matrixAccounts, type TestApp } from '../../test/test-app';

export let t: TestApp;
export let id: Record<string, number>;
export let token: Record<string, string>;
export let home: number;
export let far: number;

/** Opens the app before the file's tests and closes it after them. */
export function useCoordinatorTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ({ id, token, home, far } = await matrixAccounts(t));
  });
  afterAll(async () => {
    await t?.close();
  });
}

export const post = (url: string, who: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
export const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
