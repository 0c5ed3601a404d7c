// The DESIGN §4 password rules with zxcvbn-ts and its common-password dictionary (about 240 KB gzipped): the
// API imports this; the web page imports it lazily, after the form is usable.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { type GuessabilityScore, judgePassword, type PasswordCheck } from './password';

let estimator: ZxcvbnFactory | undefined;

export const zxcvbnScore: GuessabilityScore = (password, personal) => {
  estimator ??= new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  return estimator.check(password, [...personal]).score;
};

export function checkPassword(password: string, personal: readonly string[] = []): PasswordCheck & { score: number } {
  return judgePassword(password, personal, zxcvbnScore) as PasswordCheck & { score: number };
}
