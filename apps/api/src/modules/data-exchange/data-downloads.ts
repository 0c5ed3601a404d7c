// Issue 26 (GDPR Art. 15 and 20): a member's data download made in the background. A request writes a
// 'preparing' row and answers at once; the process that took it builds the zip (personal-data.ts), stores it in the
// row with its expiry and tells the member with a notice, in one transaction. The file lives in the database, so
// whichever API process the member reaches next hands it over. A build cut short (its process stopped) leaves a row
// that stays 'preparing': after STALE_MINUTES a new request starts again instead of waiting on it. Expired files and
// abandoned builds are deleted by housekeeping (purgeDataDownloads), and by the next request on the way.
import { DATA_DOWNLOAD_KEEP_HOURS, type DataDownload } from '@guildhall/shared/schemas/data-exchange';
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { dataDownloads, type Db } from '../../db/index';
import { notify, noticesTransaction } from '../notifications/notifications.service';
import { dataExchangeErrors } from './data-exchange.errors';
import { personalDataZip } from './personal-data';

const STALE_MINUTES = 10;

const stateColumns = {
  id: dataDownloads.id,
  id_user: dataDownloads.id_user,
  status: dataDownloads.status,
  size_bytes: dataDownloads.size_bytes,
  created_at: dataDownloads.created_at,
  ready_at: dataDownloads.ready_at,
  expires_at: dataDownloads.expires_at,
};
interface StateRow {
  id: number;
  status: DataDownload['status'];
  size_bytes: number | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

const present = (row: StateRow): DataDownload => ({
  id: row.id,
  status: row.status,
  size_bytes: row.size_bytes,
  created_at: row.created_at.toISOString(),
  ready_at: row.ready_at?.toISOString() ?? null,
  expires_at: row.expires_at?.toISOString() ?? null,
});

/** The member's newest download still worth showing (preparing, or ready and not expired), if any. */
export async function latestDataDownload(db: Db, id_user: number): Promise<DataDownload | null> {
  const [row] = await db
    .select(stateColumns)
    .from(dataDownloads)
    .where(and(eq(dataDownloads.id_user, id_user), sql`(${dataDownloads.expires_at} is null or ${dataDownloads.expires_at} > now())`))
    .orderBy(desc(dataDownloads.id))
    .limit(1);
  return row ? present(row) : null;
}

/** Builds the zip and marks the download ready (with the member's notice), or failed. */
async function build(db: Db, id: number, id_user: number) {
  try {
    const zip = await personalDataZip(db, id_user);
    await noticesTransaction(db, async (tx) => {
      const [ready] = await tx
        .update(dataDownloads)
        .set({
          status: 'ready',
          zip_file: zip,
          size_bytes: zip.byteLength,
          ready_at: sql`now()`,
          expires_at: sql`now() + make_interval(hours => ${DATA_DOWNLOAD_KEEP_HOURS})`,
        })
        .where(and(eq(dataDownloads.id, id), eq(dataDownloads.status, 'preparing')))
        .returning({ expires_at: dataDownloads.expires_at });
      if (!ready) return;
      await notify(tx, id_user, {
        kind: 'data',
        message: `Your data is ready to download, until ${ready.expires_at!.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        link: '/profile',
      });
    });
  } catch (error) {
    await db.update(dataDownloads).set({ status: 'failed' }).where(eq(dataDownloads.id, id));
    throw error;
  }
}

/** Deletes the downloads past their expiry and the builds abandoned for STALE_MINUTES: a member's data is not kept. */
export async function purgeDataDownloads(db: Db): Promise<number> {
  const gone = await db
    .delete(dataDownloads)
    .where(
      or(
        lt(dataDownloads.expires_at, sql`now()`),
        and(eq(dataDownloads.status, 'preparing'), lt(dataDownloads.created_at, sql`now() - make_interval(mins => ${STALE_MINUTES})`)),
      ),
    )
    .returning({ id: dataDownloads.id });
  return gone.length;
}

/**
 * A request for the member's data: the download being prepared if there is one (a second click starts nothing
 * more), else a new one whose build runs after the answer; `building` settles when it is done (tests wait on it).
 * Expired downloads of any member are deleted on the way, and with them a build abandoned for STALE_MINUTES.
 */
export async function requestDataDownload(db: Db, id_user: number): Promise<{ download: DataDownload; building: Promise<void> }> {
  await purgeDataDownloads(db);
  for (;;) {
    // The unique index on a member's 'preparing' row decides between requests at once: one inserts, the others
    // answer its row. Checking first and then inserting let two requests each start a build.
    const [row] = await db.insert(dataDownloads).values({ id_user }).onConflictDoNothing().returning(stateColumns);
    if (row) return { download: present(row), building: build(db, row.id, id_user) };
    const [pending] = await db
      .select(stateColumns)
      .from(dataDownloads)
      .where(and(eq(dataDownloads.id_user, id_user), eq(dataDownloads.status, 'preparing')));
    if (pending) return { download: present(pending), building: Promise.resolve() };
    // It was made ready (or failed) in between: this request starts the next one.
  }
}

/** The member a download belongs to, and its zip while it is ready and not expired; 404 otherwise. */
export async function dataDownloadFile(db: Db, id: number): Promise<{ id_user: number; zip: Uint8Array }> {
  const [row] = await db
    .select({ id_user: dataDownloads.id_user, zip: dataDownloads.zip_file })
    .from(dataDownloads)
    .where(and(eq(dataDownloads.id, id), eq(dataDownloads.status, 'ready'), gt(dataDownloads.expires_at, sql`now()`)));
  if (!row?.zip) throw dataExchangeErrors.downloadNotFound();
  return { id_user: row.id_user, zip: row.zip };
}
