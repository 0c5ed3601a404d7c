// Issue 26 (GDPR Art. 15 and 20): the member asks for everything the portal holds about them, as JSON in a zip. It
// is made in the background: the page says it is being prepared, a notice tells when it is ready, and the page then
// offers the file until it expires.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import form from '../../components/form.module.css';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { saveBlob } from '../../lib/save-file';
import { useDataDownload, useRequestDataDownload } from './api';
import styles from './profile.module.css';

export function MyData({ userId }: { userId: number }) {
  const latest = useDataDownload(userId);
  const request = useRequestDataDownload(userId);
  const file = useMutation({
    mutationFn: (id: number) => api.blob(`/data-downloads/${id}/file`),
    onSuccess: (blob) => saveBlob(blob, `guildhall-my-data-${userId}.zip`),
    onError: (error: Error) => toast.error(error.message || 'Your data could not be downloaded'),
  });
  const download = latest.data;
  const preparing = request.isPending || download?.status === 'preparing';
  return (
    <section className={styles.card} aria-labelledby="my-data">
      <h2 id="my-data">Your data</h2>
      <p>
        Everything the portal holds about you — profile, contacts, characters with their XP, prestige, notices and sign-ins — as JSON files
        in a zip.
      </p>
      <div role="status">
        {preparing ? <p>Your data is being prepared. You will get a notice when it is ready.</p> : null}
        {download?.status === 'failed' ? <p>Your data could not be prepared. Please ask again.</p> : null}
        {download?.status === 'ready' && download.expires_at ? <p>Your data is ready, until {formatDate(download.expires_at)}.</p> : null}
      </div>
      <div className={form.actions}>
        {download?.status === 'ready' ? (
          <button type="button" className={form.secondary} disabled={file.isPending} onClick={() => file.mutate(download.id)}>
            {file.isPending ? 'Downloading…' : 'Download the zip'}
          </button>
        ) : null}
        <button
          type="button"
          className={form.secondary}
          disabled={preparing}
          onClick={() =>
            request.mutate(undefined, { onError: (error) => toast.error(error.message || 'Your data could not be asked for') })
          }
        >
          {download?.status === 'ready' ? 'Prepare it again' : 'Download my data'}
        </button>
      </div>
    </section>
  );
}
