// DESIGN §4 password rules: at least 8 characters (15 recommended), long ones allowed, no composition rules,
// common and guessable passwords refused (zxcvbn-ts with its common-password dictionary).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn scores 0–4; below this a password is too easy to guess. */
export const PASSWORD_MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  return estimator;
};

export interface PasswordCheck {
  /** 0 (very guessable) to 4 (very unguessable). */
  score: number;
  acceptable: boolean;
  /** Why it is refused, in words a member understands; empty when acceptable. */
  problems: string[];
  /** Advice that does not refuse it (e.g. the recommended length). */
  advice: string[];
}

export function checkPassword(password: string, personal: readonly string[] = []): PasswordCheck {
  const problems: string[] = [];
  const advice: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  const result =
    password.length > 0 && password.length <= PASSWORD_MAX_LENGTH ? zxcvbn().check(password, personal.filter(Boolean)) : { score: 0 };
  if (password.length >= PASSWORD_MIN_LENGTH && result.score < PASSWORD_MIN_SCORE) {
    problems.push('This password is too common or too easy to guess.');
  }
  if (password.length < PASSWORD_RECOMMENDED_LENGTH)
    advice.push(`${PASSWORD_RECOMMENDED_LENGTH} characters or more are recommended: a few unrelated words work well.`);
  return { score: result.score, acceptable: problems.length === 0, problems, advice };
}
