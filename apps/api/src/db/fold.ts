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
 * Every word typed must start one of the names ('ada love' finds Ada Lovelace). `folded` are the stored folded
 * names (`users.fold_fname` …, foldSql of each name), which the prefix indexes serve.
 */
export function everyWordStartsAName(text: string | undefined, folded: AnyColumn[]): SQL[] {
  return (text ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => {
      const prefix = `${escapeLike(foldText(term))}%`;
      return sql`(${sql.join(
        folded.map((name) => sql`${name} like ${prefix}`),
        sql` or `,
      )})`;
    });
}
