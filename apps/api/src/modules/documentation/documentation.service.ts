// SPEC §2 Documentation: folders (files) and their documents (file contents); search by name and date.
import type { DocumentationFile, FilesQuery, FilesSearch } from '@guildhall/shared/schemas/documentation';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, asc, count, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { fileContents, files, pagedList, qualified, type Db } from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { documentationErrors } from './documentation.errors';

export async function searchFiles(db: Db, search: FilesSearch, paging: FilesQuery): Promise<ListResult<DocumentationFile>> {
  const conditions: SQL[] = [];
  if (search.fileName) {
    const like = `%${escapeLike(search.fileName.toLowerCase())}%`;
    conditions.push(
      or(
        sql`lower(${files.file_name}) like ${like}`,
        sql`exists (select 1 from ${fileContents} c where c.id_file = ${qualified(files.id_file)} and lower(c.filename) like ${like})`,
      )!,
    );
  }
  if (search.from) conditions.push(gte(files.created_at, new Date(`${search.from}T00:00:00Z`)));
  if (search.to) conditions.push(lt(files.created_at, new Date(new Date(`${search.to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows: folders, count: total } = await pagedList(db, paging, {
    rows: () => db.select().from(files).where(where).$dynamic(),
    count: () => db.select({ n: count() }).from(files).where(where),
    sortable: { file_name: files.file_name, created_at: files.created_at },
    tieBreak: files.id_file,
  });
  const ids = folders.map((f) => f.id_file);
  const documents = ids.length
    ? await db
        .select({
          id_file: fileContents.id_file,
          id_file_content: fileContents.id_file_content,
          filename: fileContents.filename,
          mime_type: fileContents.mime_type,
          size_bytes: fileContents.size_bytes,
          created_at: fileContents.created_at,
        })
        .from(fileContents)
        .where(inArray(fileContents.id_file, ids))
        .orderBy(asc(fileContents.filename))
    : [];
  return {
    rows: folders.map((f) => ({
      id_file: f.id_file,
      file_name: f.file_name,
      created_at: f.created_at.toISOString(),
      tbl_file_contents: documents
        .filter((d) => d.id_file === f.id_file)
        .map(({ id_file: _, created_at, ...d }) => ({ ...d, created_at: created_at.toISOString() })),
    })),
    count: total,
  };
}

export async function getDocument(db: Db, id: number) {
  const [document] = await db.select().from(fileContents).where(eq(fileContents.id_file_content, id));
  if (!document) throw documentationErrors.notFound();
  return document;
}

export async function addFolder(db: Db, file_name: string, created_by: number) {
  const [folder] = await db.insert(files).values({ file_name, created_by }).returning({ id_file: files.id_file });
  return folder!.id_file;
}

export async function addDocument(
  db: Db,
  id_file: number,
  doc: { filename: string; mime_type: string; data: Uint8Array },
  created_by: number,
) {
  const [folder] = await db.select({ id: files.id_file }).from(files).where(eq(files.id_file, id_file));
  if (!folder) throw documentationErrors.folderNotFound();
  const [created] = await db
    .insert(fileContents)
    .values({ id_file, filename: doc.filename, mime_type: doc.mime_type, size_bytes: doc.data.byteLength, data: doc.data, created_by })
    .returning({ id: fileContents.id_file_content });
  return created!.id;
}
