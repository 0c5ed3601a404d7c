// DESIGN §4 password rules: at least 8 characters (15 recommended), long ones allowed, no composition rules,
// common and guessable passwords refused. This module holds the rules; the guessability score comes from
// zxcvbn-ts in ./password-strength, kept apart because its dictionaries are large: the page loads them after
// the form is usable, the API imports them at start.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn scores 0–4; below this a password is too easy to guess. */
export const PASSWORD_MIN_SCORE = 2;
export const TOO_GUESSABLE = 'This password is too common or too easy to guess.';

export interface PasswordCheck {
  /** 0 (very guessable) to 4 (very unguessable); null while the score is not known yet. */
  score: number | null;
  acceptable: boolean;
  /** Why it is refused, in words a member understands; empty when acceptable. */
  problems: string[];
  /** Advice that does not refuse it (e.g. the recommended length). */
  advice: string[];
}

/** Scores how guessable a password is, 0–4, knowing the member's own words (names, e-mail). */
export type GuessabilityScore = (password: string, personal: readonly string[]) => number;

/**
 * The rules applied to a password. Without `score` (the estimator is still loading) only the length rules are
 * applied and the check is not acceptable yet.
 */
export function judgePassword(password: string, personal: readonly string[] = [], score?: GuessabilityScore): PasswordCheck {
  const problems: string[] = [];
  const advice: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  const scored = password.length > 0 && password.length <= PASSWORD_MAX_LENGTH;
  const value = !scored ? 0 : score ? score(password, personal.filter(Boolean)) : null;
  if (password.length >= PASSWORD_MIN_LENGTH && value !== null && value < PASSWORD_MIN_SCORE) problems.push(TOO_GUESSABLE);
  if (password.length < PASSWORD_RECOMMENDED_LENGTH)
    advice.push(`${PASSWORD_RECOMMENDED_LENGTH} characters or more are recommended: a few unrelated words work well.`);
  return { score: value, acceptable: problems.length === 0 && value !== null, problems, advice };
}
