// Issue 26: Administration › Import — pick a kind and a CSV file, see the dry run (counts, and each bad row with
// its line, column and reason), then apply the same file. Nothing is written until Apply, and a file with a bad
// row cannot be applied.
import { IMPORT_KINDS, type ImportKind, type ImportProgress, type ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import tables from '../../components/data-table.module.css';
import form from '../../components/form.module.css';
import { ApiError } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';
import { templateBlob, useImportFile } from './import-api';

const LABELS: Record<ImportKind, string> = {
  members: 'Members',
  positions: 'Positions',
  characters: 'Characters',
  prestige: 'Prestige history',
};

async function downloadTemplate(kind: ImportKind) {
  saveBlob(await templateBlob(kind), `guildhall-${kind}-template.csv`);
}

/** The rows read so far and the time left at the rate so far; a bar with no value until the first line. */
function Progress({ progress }: { progress: ImportProgress | null }) {
  const text = !progress
    ? 'Sending the file…'
    : `${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')} rows` +
      (progress.seconds_left === null ? '' : `, about ${progress.seconds_left} s left`);
  return (
    <div className={form.field}>
      <label htmlFor="import-progress">Import progress</label>
      <progress
        id="import-progress"
        className={form.progress}
        max={progress?.total || undefined}
        value={progress ? progress.done : undefined}
        aria-valuetext={text}
        aria-describedby="import-progress-text"
      />
      <span id="import-progress-text">{text}</span>
    </div>
  );
}

function Report({ report }: { report: ImportReport }) {
  return (
    <section aria-label={report.dry_run ? 'Preview' : 'Result'}>
      <p role="status">
        {report.applied ? 'Applied: ' : report.dry_run ? 'Preview: ' : 'Not applied: '}
        {report.rows} rows — {report.created} to create, {report.updated} to update, {report.skipped} unchanged
        {report.errors.length ? `, ${report.errors.length} errors` : ''}.
      </p>
      {report.errors.length > 0 && (
        <div className={tables.scroller}>
          <table className={tables.table}>
            <caption className={tables.caption}>Rows to fix</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e) => (
                <tr key={`${e.line}:${e.column}:${e.reason}`}>
                  <td>{e.line || ''}</td>
                  <td>{e.column ?? ''}</td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('members');
  const [file, setFile] = useState<File | null>(null);
  const [sendLinks, setSendLinks] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const run = useImportFile(setProgress);

  async function submit(dry_run: boolean) {
    if (!file) return;
    setProblem(null);
    setProgress(null);
    try {
      const result = await run.mutateAsync({ kind, file, dry_run, send_links: sendLinks });
      setReport(result);
      if (result.applied) toast.success(`The ${LABELS[kind].toLowerCase()} file was applied.`);
    } catch (error) {
      setReport(null);
      setProblem(
        error instanceof ApiError
          ? [error.message, ...(error.errors ?? []).map((e) => e.message)].join(' — ')
          : 'The file could not be sent.',
      );
    }
  }

  const canApply = report?.dry_run === true && report.errors.length === 0 && !run.isPending;
  return (
    <div>
      <div className={form.grid}>
        <div className={form.field}>
          <label htmlFor="import-kind">Kind</label>
          <select
            id="import-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ImportKind);
              setReport(null);
            }}
          >
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className={form.field}>
          <label htmlFor="import-file">CSV file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        {kind === 'members' && (
          <div className={form.field}>
            <label>
              <input type="checkbox" checked={sendLinks} onChange={(e) => setSendLinks(e.target.checked)} /> E-mail new members their
              set-password link (off: no message is sent; a link can be sent later from Members)
            </label>
          </div>
        )}
      </div>
      <div className={form.actions}>
        <button type="button" className={form.secondary} onClick={() => void downloadTemplate(kind)}>
          Download template
        </button>
        <button type="button" className={form.secondary} disabled={!file || run.isPending} onClick={() => void submit(true)}>
          Preview
        </button>
        <button type="button" className={form.primary} disabled={!canApply} onClick={() => void submit(false)}>
          Apply
        </button>
      </div>
      {run.isPending && <Progress progress={progress} />}
      {problem && (
        <p role="alert" className={form.error}>
          {problem}
        </p>
      )}
      {report && <Report report={report} />}
    </div>
  );
}
