// On PostgreSQL a statement prepared by name where it is written (`.prepare(name)`) is prepared once per connection
// and keeps its plan: a list page's rows read by their keys (planning their joins cost more than running them).
import { lookupQuery } from '@guildhall/shared/schemas/membership-lookup';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lookupMembers } from '../modules/membership-lookup/lookup.service';
import { buildMember } from '../test/factories';
import { onOneConnection } from '../test/one-connection';

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('statements prepared by name on PostgreSQL', () => {
  const database = onOneConnection();
  const prepared = () => database.prepared();

  it('reads a page’s rows by their keys through one statement prepared once, whatever the filter and the keys', async () => {
    await buildMember(database.db, { user_fname: 'Odile', user_lname: 'Quill' });
    await buildMember(database.db, { user_fname: 'Otto', user_lname: 'Quill' });
    const byName = await lookupMembers(database.db, lookupQuery.parse({ name: 'quill' }), { withEmail: true });
    const byOther = await lookupMembers(database.db, lookupQuery.parse({ name: 'odile q' }), { withEmail: true });
    expect(byName.rows.map((r) => r.user_fname).sort()).toEqual(['Odile', 'Otto']);
    expect(byOther.rows.map((r) => r.user_fname)).toEqual(['Odile']);
    const rowsOfKeys = (await prepared()).filter((s) => s.name === 'lookup_rows_with_email');
    // Both pages (other filters, other keys) ran the one prepared statement.
    expect(rowsOfKeys).toHaveLength(1);
    expect(rowsOfKeys[0]!.statement).toMatch(/= any\(array\(select unnest\(\$1::int\[\]\)\)\)/);
  });

  it('plans the rows of a page’s keys once, however few the keys', async () => {
    // A plan made for one or two keys costs less than the generic plan's guess of ten, so `= any($1)` would be planned
    // afresh on every run; behind the subquery PostgreSQL keeps the generic plan from the sixth run on.
    const { id_user, id_location } = await buildMember(database.db, { user_fname: 'Plano', user_lname: 'Once' });
    // Enough members that ten rows cost more to read than one (on a small table a scan costs the same for both).
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Member ' || i, 'PO' || i, 'LARP', '2099-12-31', ${id_location} from generate_series(1, 5000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PO%'`)));
    await database.db.execute(sql`analyze users`);
    for (let i = 0; i < 8; i++) {
      const page = await lookupMembers(database.db, lookupQuery.parse({ name: 'plano once' }), { withEmail: false });
      expect(page.rows.map((r) => r.id_user)).toEqual([id_user]);
    }
    const plans = (await prepared()).filter((p) => p.name.startsWith('lookup_rows'));
    // The statement these eight pages ran (the test before ran another, with e-mails, twice).
    const ran = plans.filter((p) => Number(p.generic_plans) + Number(p.custom_plans) >= 8);
    expect(ran).toHaveLength(1);
    expect(Number(ran[0]!.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(ran[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });
});
