// builtOnce (issue 8): a condition built once writes out as the very same SQL and values wherever it is used.
import { and, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { anyOf } from './any-of';
import { builtOnce } from './built-once';
import type { Db } from './index';
import { approvals, characters, users } from './schema/index';

const dialect = new PgDialect();
const db = { dialect } as unknown as Db;
// Text and values: the `typings` beside them serve only the AWS Data API driver, not node-postgres or PGlite.
const textAndValues = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({ text, params });
const inSelect = (where: SQL | undefined) =>
  textAndValues(dialect.sqlToQuery(sql`select ${users.id_user} from ${users} where ${where} and ${users.user_type} = ${'LARP'}`));

describe('builtOnce', () => {
  it('writes out the same statement and values as the condition itself, inside another statement', () => {
    const condition = and(
      or(
        eq(users.id_user, 7),
        sql`${users.id_location} = any(array(select ${characters.id_character} from ${characters} where ${characters.id_user} = ${7}))`,
      ),
      anyOf(approvals.id_location, [3, 29, 67]),
      like(users.user_camnum, 'US2019%'),
      gte(users.user_expiration, '2026-01-01'),
      lt(approvals.level_since, new Date('2026-11-01T00:00:00Z')),
      sql`${users.user_fname} = ${"O'Brien $1"}`,
    );
    const built = builtOnce(db, condition);
    expect(inSelect(built)).toEqual(inSelect(condition));
    // Used twice, it numbers its values after the statement's own each time.
    const twice = textAndValues(dialect.sqlToQuery(sql`${built} or ${built} or ${users.user_nick} = ${'x'}`));
    expect(twice).toEqual(textAndValues(dialect.sqlToQuery(sql`${condition} or ${condition} or ${users.user_nick} = ${'x'}`)));
    expect(twice.params.at(-1)).toBe('x');
  });

  it('leaves a condition whose text holds a placeholder of its own, and undefined, as they are', () => {
    const odd = sql`${users.user_fname} ~ '$1' and ${users.id_user} = ${5}`;
    expect(builtOnce(db, odd)).toBe(odd);
    expect(builtOnce(db, undefined)).toBeUndefined();
  });
});
