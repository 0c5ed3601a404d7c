// SPEC §2 Documentation: file search, an accordion of folders with their documents; administrators really add
// folders and upload items (PDF, Markdown, text up to 512 KB).
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, type DocumentationFile } from '@guildhall/shared/schemas/documentation';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import dialog from '../../components/dialog.module.css';
import form from '../../components/form.module.css';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { openDocument, useAddFolder, useAddItem, useDocumentation } from './api';
import styles from './utilities.module.css';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentationPage() {
  const { abilities } = useAuth();
  const [search, setSearch] = useState<{ fileName?: string; from?: string; to?: string }>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const docs = useDocumentation(search);
  const admin = abilities.includes('admin');

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    setSearch(
      Object.fromEntries(Object.entries({ fileName: value('fileName'), from: value('from'), to: value('to') }).filter(([, v]) => v)),
    );
  };

  return (
    <div>
      <form className={styles.searchBar} onSubmit={onSearch} aria-label="Search documentation">
        <label className={styles.inline}>
          <span>File name</span>
          <input name="fileName" type="search" />
        </label>
        <label className={styles.inline}>
          <span>From</span>
          <input name="from" type="date" />
        </label>
        <label className={styles.inline}>
          <span>To</span>
          <input name="to" type="date" />
        </label>
        <button type="submit" className={form.primary}>
          Search
        </button>
        {admin ? (
          <>
            <AddFolderButton />
            <AddItemButton folders={docs.data?.rows ?? []} />
          </>
        ) : null}
      </form>
      {docs.isError ? <p role="alert">{docs.error.message}</p> : null}
      {docs.data && docs.data.rows.length === 0 ? <p>No result</p> : null}
      <ul className={styles.accordion}>
        {docs.data?.rows.map((folder) => {
          const open = openId === folder.id_file;
          return (
            <li key={folder.id_file} className={styles.accordionItem} data-open={open}>
              <h3 className={styles.accordionHeading}>
                <button
                  type="button"
                  className={styles.accordionButton}
                  aria-expanded={open}
                  aria-controls={`folder-${folder.id_file}`}
                  onClick={() => setOpenId(open ? null : folder.id_file)}
                >
                  <span aria-hidden="true" className={styles.chevron}>
                    {open ? '▾' : '▸'}
                  </span>
                  <span className={styles.accordionName}>{folder.file_name}</span>
                  <span className={styles.code}>{folder.tbl_file_contents.length} documents</span>
                </button>
              </h3>
              {open ? (
                <div id={`folder-${folder.id_file}`} className={styles.accordionPanel}>
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
                          <button
                            type="button"
                            className={form.secondary}
                            onClick={() => openDocument(doc.id_file_content, doc.filename).catch((e: Error) => toast.error(e.message))}
                          >
                            Open
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A dialog with one form: the fields are its children; `submit` answers an error to show under them, or null
 * when done (the dialog then closes).
 */
function FormDialog(props: {
  label: string;
  submitLabel: string;
  busy: boolean;
  submit: (data: FormData) => Promise<string | null>;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = await props.submit(new FormData(event.currentTarget));
    setError(problem);
    if (!problem) setOpen(false);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={form.secondary}>
          {props.label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.content} aria-describedby={undefined}>
          <Dialog.Title className={dialog.title}>{props.label}</Dialog.Title>
          <form onSubmit={onSubmit} noValidate>
            {props.children}
            {error ? (
              <p role="alert" className={form.error}>
                {error}
              </p>
            ) : null}
            <div className={form.actions}>
              <button type="submit" className={form.primary} disabled={props.busy} aria-busy={props.busy}>
                {props.submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

function AddFolderButton() {
  const add = useAddFolder();
  const submit = async (data: FormData) => {
    const name = String(data.get('file_name') ?? '').trim();
    if (!name) return 'folder name is a required field';
    try {
      await add.mutateAsync(name);
      toast.success('The folder was added');
      return null;
    } catch (e) {
      return failure(e, 'Failed to add the folder');
    }
  };
  return (
    <FormDialog label="Add folder" submitLabel="Add folder" busy={add.isPending} submit={submit}>
      <label className={styles.stacked}>
        <span>Folder name</span>
        <input name="file_name" />
      </label>
    </FormDialog>
  );
}

const base64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

function AddItemButton({ folders }: { folders: DocumentationFile[] }) {
  const add = useAddItem();
  const submit = async (data: FormData) => {
    const id_file = Number(data.get('id_file'));
    const file = data.get('file');
    if (!id_file) return 'folder is a required field';
    if (!(file instanceof File) || file.size === 0) return 'file is a required field';
    const mime = file.type || (file.name.endsWith('.md') ? 'text/markdown' : file.name.endsWith('.txt') ? 'text/plain' : '');
    if (!(mime in DOCUMENT_TYPES)) return 'Only PDF, Markdown and text documents can be uploaded.';
    if (file.size > DOCUMENT_MAX_BYTES) return 'The document is larger than 512 KB.';
    try {
      await add.mutateAsync({ id_file, filename: file.name, mime_type: mime, data: await base64(file) });
      toast.success('The document was added');
      return null;
    } catch (e) {
      return failure(e, 'Failed to add the document');
    }
  };
  return (
    <FormDialog label="Add item" submitLabel="Upload" busy={add.isPending} submit={submit}>
      <label className={styles.stacked}>
        <span>Folder</span>
        <select name="id_file" defaultValue="">
          <option value="">Any</option>
          {folders.map((f) => (
            <option key={f.id_file} value={f.id_file}>
              {f.file_name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.stacked}>
        <span>Document (PDF, Markdown or text, 512 KB at most)</span>
        <input name="file" type="file" accept=".pdf,.md,.txt,application/pdf,text/markdown,text/plain" />
      </label>
    </FormDialog>
  );
}
