// Component tests: fetch answered by path, as the API would (JSON bodies, status codes), restored after each test.
import { afterEach, type MockInstance, vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchSpy: MockInstance<typeof fetch> | undefined;
afterEach(() => {
  fetchSpy?.mockRestore();
  fetchSpy = undefined;
});

/** Answers each fetch with `answer(path, init)` until the test ends. */
export function answerFetch(answer: (path: string, init?: RequestInit) => Response | Promise<Response>) {
  fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => answer(new URL(String(input), 'http://localhost').pathname, init));
  return fetchSpy;
}
