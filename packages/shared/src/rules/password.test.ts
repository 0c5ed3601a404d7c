import { describe, expect, it } from 'vitest';
import { judgePassword, TOO_GUESSABLE } from './password';
import { checkPassword } from './password-strength';

describe('checkPassword', () => {
  it('refuses fewer than 8 characters', () => {
    expect(checkPassword('a1b2c3').problems).toContain('Use at least 8 characters.');
  });
  it.each(['password1', 'qwertyuiop', '12345678', 'iloveyou'])('refuses the common password %s', (password) => {
    const check = checkPassword(password);
    expect(check.acceptable).toBe(false);
    expect(check.problems).toContain('This password is too common or too easy to guess.');
  });
  it('refuses a password made of the member’s own name', () => {
    expect(checkPassword('morganhale', ['morgan', 'hale']).acceptable).toBe(false);
  });
  it('accepts a long passphrase without composition rules, and no longer advises length', () => {
    const check = checkPassword('lantern harbor velvet teacup');
    expect(check).toMatchObject({ acceptable: true, problems: [], advice: [] });
    expect(check.score).toBeGreaterThanOrEqual(3);
  });
  it('accepts a strong 10-character password but recommends 15', () => {
    const check = checkPassword('k7#Qv!9zLp');
    expect(check.acceptable).toBe(true);
    expect(check.advice[0]).toMatch(/15 characters/);
  });
  it('refuses more than 256 characters', () => {
    expect(checkPassword('x'.repeat(257)).problems).toContain('Use at most 256 characters.');
  });
  it('without the estimator applies the length rules and is not acceptable until the score is known', () => {
    expect(judgePassword('short')).toMatchObject({ score: null, acceptable: false, problems: ['Use at least 8 characters.'] });
    expect(judgePassword('lantern harbor velvet teacup')).toMatchObject({ score: null, acceptable: false, problems: [] });
    expect(judgePassword('lantern harbor velvet teacup', [], () => 1).problems).toEqual([TOO_GUESSABLE]);
  });
});
