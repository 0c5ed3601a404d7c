// Issue 26: 'Export CSV' beside a list — fetches the list's export (the API streams it) and hands it to the browser
// as a file. One button for every exported list, so each page only says which call and which file name.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { api } from '../lib/api-client';
import { saveBlob } from '../lib/save-file';
import form from './form.module.css';

export function ExportCsvButton({ path, fileName, failure }: { path: string; fileName: string; failure: string }) {
  const exported = useMutation({
    mutationFn: () => api.blob(path),
    onSuccess: (blob) => saveBlob(blob, fileName),
    onError: (error: Error) => toast.error(error.message || failure),
  });
  return (
    <button type="button" className={form.secondary} disabled={exported.isPending} onClick={() => exported.mutate()}>
      {exported.isPending ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
