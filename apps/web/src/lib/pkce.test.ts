import { describe, expect, it } from 'vitest';
import { codeChallenge, safeReturnTo } from './pkce';

describe('PKCE and return-to targets', () => {
  it('computes the RFC 7636 S256 challenge', async () => {
    // RFC 7636 appendix B.
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
  it.each([
    ['/storyteller/approvals?x=1', '/storyteller/approvals?x=1'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/oauth/callback?code=1', '/'],
    [null, '/'],
  ])('keeps only relative paths on this site: %s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});
