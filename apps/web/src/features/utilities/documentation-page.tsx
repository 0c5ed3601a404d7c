// SPEC §2 Documentation: file search, an accordion of folders with their documents; administrators really add
// folders and upload items (PDF, Markdown, text up to 512 KB).
import { requiredMessage } from '@guildhall/shared/schemas/messages';
import {
  addFolderBody,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentationFile,
  FILES_SORTABLE,
  type FilesSearch,
} from '@guildhall/shared/schemas/documentation';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import { Accordion, AccordionItem } from '../../components/accordion';
import { ActionButton } from '../../components/action-button';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useCan } from '../../lib/abilities';
import { useListState } from '../../lib/list-state';
import { openDocument, useAddFolder, useAddItem, useDocumentation } from './api';
import styles from './utilities.module.css';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentationPage() {
  // The search lives in the URL, as every list's filters do: it survives a reload and the back button.
  const list = useListState({
    defaultSort: { sortBy: 'file_name', direction: 'asc' },
    sortable: FILES_SORTABLE,
    filters: ['fileName', 'from', 'to'],
  });
  const { fileName, from, to } = list.filters;
  const search: FilesSearch = Object.fromEntries(Object.entries({ fileName, from, to }).filter(([, v]) => v));
  const [openId, setOpenId] = useState('');
  const docs = useDocumentation(search);
  const mayManage = useCan('documentation.manage');

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    list.setFilters({ fileName: value('fileName'), from: value('from'), to: value('to') });
  };

  return (
    <div>
      <form className={styles.searchBar} onSubmit={onSearch} aria-label="Search documentation" key={`${fileName}|${from}|${to}`}>
        <label className={styles.inline}>
          <span>File name</span>
          <input name="fileName" type="search" defaultValue={fileName} />
        </label>
        <label className={styles.inline}>
          <span>From</span>
          <input name="from" type="date" defaultValue={from} />
        </label>
        <label className={styles.inline}>
          <span>To</span>
          <input name="to" type="date" defaultValue={to} />
        </label>
        <button type="submit" className={form.primary}>
          Search
        </button>
        {mayManage ? (
          <>
            <AddFolderButton />
            <AddItemButton folders={docs.data?.rows ?? []} />
          </>
        ) : null}
      </form>
      {docs.isPending ? <p aria-busy="true">Loading…</p> : null}
      {docs.isError ? <p role="alert">{docs.error.message}</p> : null}
      {docs.data && docs.data.rows.length === 0 ? <p>No result</p> : null}
      <Accordion value={openId} onValueChange={setOpenId}>
        {docs.data?.rows.map((folder) => (
          <AccordionItem
            key={folder.id_file}
            value={String(folder.id_file)}
            name={folder.file_name}
            after={<span className={styles.code}>{folder.tbl_file_contents.length} documents</span>}
          >
            {folder.tbl_file_contents.length === 0 ? (
              <p className={styles.muted}>No result</p>
            ) : (
              <ul className={styles.plainList}>
                {folder.tbl_file_contents.map((doc) => (
                  <li key={doc.id_file_content}>
                    <span>{doc.filename}</span>
                    <span className={styles.muted}>
                      {DOCUMENT_TYPES[doc.mime_type as keyof typeof DOCUMENT_TYPES] ?? doc.mime_type} · {kb(doc.size_bytes)}
                    </span>
                    <ActionButton
                      className={form.secondary}
                      onClick={() =>
                        openDocument(doc.id_file_content, doc.filename).catch((e: Error) => {
                          // A 401 has already signed the member out with SPEC §8's toast.
                          if ((e as { status?: number }).status !== 401) toast.error(e.message);
                        })
                      }
                    >
                      Open
                    </ActionButton>
                  </li>
                ))}
              </ul>
            )}
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}

function AddFolderButton() {
  const add = useAddFolder();
  const folderForm = useApiForm({
    schema: addFolderBody,
    defaultValues: { file_name: '' },
    submit: (values) => add.mutateAsync(values),
    success: 'The folder was added',
    failure: 'Failed to add the folder',
  });
  return (
    <FormDialog
      title="Add folder"
      submitLabel="Add folder"
      busyLabel="Adding…"
      form={folderForm}
      trigger={
        <button type="button" className={form.secondary}>
          Add folder
        </button>
      }
    >
      <Field label="Folder name" error={folderForm.formState.errors.file_name?.message}>
        <input {...folderForm.register('file_name')} />
      </Field>
    </FormDialog>
  );
}

const base64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

const mimeOf = (file: File) => file.type || (file.name.endsWith('.md') ? 'text/markdown' : file.name.endsWith('.txt') ? 'text/plain' : '');

/** The upload form: the folder and a file the browser can check before sending (the API checks again). */
const addItemForm = z.object({
  id_file: z.coerce
    .number()
    .int()
    .positive({ error: requiredMessage('folder') }),
  file: z
    .custom<FileList>((files) => files instanceof FileList && files.length > 0, { error: requiredMessage('file') })
    .transform((files) => files[0]!)
    .refine((file) => mimeOf(file) in DOCUMENT_TYPES, { error: 'Only PDF, Markdown and text documents can be uploaded.' })
    .refine((file) => file.size <= DOCUMENT_MAX_BYTES, { error: 'The document is larger than 512 KB.' }),
});

function AddItemButton({ folders }: { folders: DocumentationFile[] }) {
  const add = useAddItem();
  const itemForm = useApiForm({
    schema: addItemForm,
    defaultValues: { id_file: '' as unknown as number },
    submit: async ({ id_file, file }) =>
      add.mutateAsync({ id_file, filename: file.name, mime_type: mimeOf(file), data: await base64(file) }),
    success: 'The document was added',
    failure: 'Failed to add the document',
  });
  const errors = itemForm.formState.errors;
  return (
    <FormDialog
      title="Add item"
      submitLabel="Upload"
      busyLabel="Uploading…"
      form={itemForm}
      trigger={
        <button type="button" className={form.secondary}>
          Add item
        </button>
      }
    >
      <Field label="Folder" error={errors.id_file?.message}>
        <select {...itemForm.register('id_file')}>
          <option value="">Choose a folder</option>
          {folders.map((f) => (
            <option key={f.id_file} value={f.id_file}>
              {f.file_name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Document (PDF, Markdown or text, 512 KB at most)" error={errors.file?.message}>
        <input type="file" accept=".pdf,.md,.txt,application/pdf,text/markdown,text/plain" {...itemForm.register('file')} />
      </Field>
    </FormDialog>
  );
}
