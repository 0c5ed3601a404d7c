// Case- and accent-folding of names in SQL, written once so the lookup's query and its indexes use the very
// same expression (PostgreSQL matches an expression index only on an identical expression).
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './like';

const FROM = 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż';
const TO = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz';

export function foldSql(column: AnyColumn | SQL | ReturnType<typeof sql.identifier>): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${sql.raw(`'${FROM}'`)}, ${sql.raw(`'${TO}'`)})`;
}

/** The same folding in JavaScript, for what the member types. */
export function foldText(text: string): string {
  let out = text.toLowerCase();
  for (let i = 0; i < FROM.length; i++) out = out.replaceAll(FROM[i]!, TO[i]!);
  return out;
}

/**
 * The smallest text after every text that starts with `prefix`, in the byte order of `text_pattern_ops` (UTF-8 byte
 * order is code point order): the prefix with its last character's code point one higher. Undefined when there is
 * none (the last character is U+10FFFF).
 */
export function afterPrefix(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  // Surrogates are not characters: U+D7FF is followed by U+E000.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/**
 * Every word typed must start one of the names ('ada love' finds Ada Lovelace). `folded` are the stored folded
 * names (`users.fold_fname` …, foldSql of each name), which the prefix indexes serve.
 *
 * A word is written as the range of texts it starts (`name ~>=~ 'ada' and name ~<~ 'adb'`), which is what PostgreSQL
 * makes of `name like 'ada%'` when it sees the pattern: the prefix indexes serve it, bound or not.
 */
export function everyWordStartsAName(text: string | undefined, folded: AnyColumn[]): SQL[] {
  return wordsOf(text).map((term) => {
    const prefix = foldText(term);
    const after = afterPrefix(prefix);
    const starts = (name: AnyColumn) =>
      after === undefined ? sql`${name} like ${`${escapeLike(prefix)}%`}` : sql`(${name} ~>=~ ${prefix} and ${name} ~<~ ${after})`;
    return sql`(${sql.join(folded.map(starts), sql` or `)})`;
  });
}

/** The words of a search text. */
export const wordsOf = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);
