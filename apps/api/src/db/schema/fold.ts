// The folded names the schema stores and indexes (users.fold_*, and their starts users.name_starts), and the search
// predicates those indexes serve: written once, so the generated columns, their indexes and the queries use the very
// same expressions (PostgreSQL matches an expression index only on an identical expression). The folding rule: shared
// name-search.
import { afterPrefix, escapeLike, FOLD_FROM, FOLD_TO, foldText, wordsOf } from '@guildhall/shared/rules/name-search';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { literal } from './sql-helpers';

export function foldSql(column: AnyColumn | SQL | ReturnType<typeof sql.identifier>): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${literal(FOLD_FROM)}, ${literal(FOLD_TO)})`;
}

/**
 * Every word typed must start one of the names ('ada love' finds Ada Lovelace). `folded` are the stored folded
 * names (`users.fold_fname` …), which the prefix indexes serve.
 *
 * A word is written as the range of texts it starts (`name ~>=~ 'ada' and name ~<~ 'adb'`), which is what PostgreSQL
 * makes of `name like 'ada%'` when it sees the pattern: the prefix indexes serve it, bound or not.
 */
export function everyWordStartsAName(text: string | undefined, folded: AnyColumn[]): SQL[] {
  return rangesOf(text).map(([prefix, after]) =>
    after === undefined
      ? sql`(${sql.join(
          folded.map((name) => sql`${name} like ${`${escapeLike(prefix)}%`}`),
          sql` or `,
        )})`
      : startsAName(folded, prefix, after),
  );
}

/** Each word folded, and the first text after all those it starts (undefined when there is none). */
const rangesOf = (text: string | undefined) =>
  wordsOf(text)
    .map((term) => foldText(term))
    .map((prefix) => [prefix, afterPrefix(prefix)] as const);

/** One word: some name in the range of texts it starts, [from, to), as values or placeholders. */
const startsAName = (folded: AnyColumn[], from: string | Placeholder, to: string | Placeholder) =>
  sql`(${sql.join(
    folded.map((name) => sql`(${name} ~>=~ ${from} and ${name} ~<~ ${to})`),
    sql` or `,
  )})`;

/**
 * The membership lookup's words ('ada love' finds Ada Lovelace): each word folded, to be found among a member's
 * `users.name_starts` (every start of every folded name), which its GIN index serves for any number of words.
 */
export const foldedWords = (text: string | undefined): string[] => wordsOf(text).map((word) => foldText(word));

/**
 * What a member's `name_starts` must hold for the words: the words, and for the first two of two letters or more the
 * pair of their two-letter starts ('ad lo' for 'ada lo'), which few members share: the GIN index reads its short list
 * first instead of intersecting the words' long ones (decision 158). Letters are counted as PostgreSQL's `left` does.
 */
export function startsOfWords(words: string[]): string[] {
  const starts = words.map((word) => Array.from(word).slice(0, 2)).filter((letters) => letters.length === 2);
  return starts.length >= 2 ? [...words, `${starts[0]!.join('')} ${starts[1]!.join('')}`] : words;
}

/** Every word among the starts of the names: the words as a value, or (as SQL) a statement's placeholder. */
export const startsOfNamesHold = (starts: AnyColumn, words: string[] | Placeholder | SQL): SQL =>
  sql`${starts} @> ${Array.isArray(words) ? sql.param(words) : words}::text[]`;
