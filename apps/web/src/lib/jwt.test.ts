import { describe, expect, it } from 'vitest';
import { decodeTokenId } from './jwt';

const token = (payload: unknown) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('decodeTokenId', () => {
  it('reads the id claim', () => {
    expect(decodeTokenId(token({ id: 42, sid: 'x' }))).toBe(42);
  });
  it.each([['garbage'], [token({ id: '42' })], [token({ sub: 42 })], [token({ id: -1 })], ['a.!!!.c']])('is null for %s', (value) => {
    expect(decodeTokenId(value)).toBeNull();
  });
});
