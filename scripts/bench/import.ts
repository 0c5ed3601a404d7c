// npm run bench -- --import [--postgres URL] [--members N] (issue 26): a members CSV of N rows (default 100,000)
// through the import as the API runs it (the dry run, then the apply in one transaction, then the same file again,
// which must change nothing), on PostgreSQL (a fresh database `guildhall_bench_import` on the given server, default
// postgres://postgres@127.0.0.1:5432/postgres). Prints each step's time and the peak resident memory of this
// process, which hosts the import and the database client as the API process does (the HTTP body parsing of the
// 40 MB JSON string is not included). Budget: the apply under 60 s, memory under 300 MB; exits 1 when missed.
import { createHash } from 'node:crypto';
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import pg from 'pg';
import { locations, openDatabase, users } from '../../apps/api/src/db/index';
import { importMembers } from '../../apps/api/src/modules/data-exchange/members-apply';
import { planMembers } from '../../apps/api/src/modules/data-exchange/members-import';

const BUDGET_SECONDS = 60;
const BUDGET_MB = 300;

function membersCsv(n: number, code: string) {
  const lines = ['membership_number;first_name;last_name;email;phone;address_line_1;city;state;type;expiry;domain_code'];
  for (let i = 1; i <= n; i++) {
    const id = String(i).padStart(6, '0');
    lines.push(
      `BI${id};Member;"Imported, ${id}";member.${id}@bench.example.test;+1 555 ${id};${i} Lantern Row;Salem;MA;LARP;2027-11-30;${code}`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function benchImport(opts: { postgres?: string; members: number }) {
  const server = new URL(opts.postgres ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query('drop database if exists guildhall_bench_import');
  await admin.query('create database guildhall_bench_import');
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = '/guildhall_bench_import';
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  const db = database.db;
  const [region] = await db
    .insert(locations)
    .values({ location_name: 'Bench region', location_code: 'BR', location_type: LOCATION_TYPE.REGION })
    .returning();
  await db.insert(locations).values({
    location_name: 'Bench domain',
    location_code: 'BENCHD',
    location_type: LOCATION_TYPE.DOMAIN,
    id_parent: region!.id_location,
    id_parent_location: String(region!.id_location),
  });
  const [by] = await db
    .insert(users)
    .values({ user_fname: 'Bench', user_lname: 'Admin', user_camnum: 'BENCHADMIN', is_admin: true })
    .returning({ id: users.id_user });
  const csv = membersCsv(opts.members, 'BENCHD');
  const fileId = createHash('sha256').update(csv).digest('hex').slice(0, 16);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const timed = async <T>(label: string, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${label}: ${seconds.toFixed(1)} s (peak so far ${(peak / 1024 / 1024).toFixed(0)} MB)`);
    return { result, seconds };
  };
  console.log(`Import of ${opts.members.toLocaleString('en')} members (${(csv.length / 1e6).toFixed(1)} MB of CSV) on PostgreSQL`);
  const dry = await timed('dry run (preview)', () => planMembers(db, csv, true));
  const apply = await timed('apply (one transaction)', () =>
    importMembers(db, { by: by!.id, csv, fileId, sendLinks: false, embedded: false, publicUrl: '' }),
  );
  const again = await timed('the same file again', () =>
    importMembers(db, { by: by!.id, csv, fileId, sendLinks: false, embedded: false, publicUrl: '' }),
  );
  clearInterval(sampler);
  const mb = peak / 1024 / 1024;
  console.log(`  preview: ${dry.result.report.created} to create, ${dry.result.report.errors.length} errors`);
  console.log(`  applied: ${apply.result.created} created; again: ${again.result.created} created, ${again.result.skipped} unchanged`);
  console.log(`  memory of the process: ${(baseline / 1024 / 1024).toFixed(0)} MB before, ${mb.toFixed(0)} MB at its peak`);
  const ok =
    apply.result.created === opts.members &&
    again.result.created + again.result.updated === 0 &&
    apply.seconds < BUDGET_SECONDS &&
    mb < BUDGET_MB;
  console.log(ok ? `  budgets met (apply < ${BUDGET_SECONDS} s, memory < ${BUDGET_MB} MB)` : '  BUDGET MISSED');
  await database.close();
  return ok;
}
