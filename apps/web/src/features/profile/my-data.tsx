// Issue 26 (GDPR Art. 15 and 20): the member downloads everything the portal holds about them, as JSON in a zip.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import form from '../../components/form.module.css';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';
import styles from './profile.module.css';

export function MyData({ userId }: { userId: number }) {
  const download = useMutation({
    mutationFn: () => api.blob(`/users/${userId}/data`),
    onSuccess: (blob) => saveBlob(blob, `guildhall-my-data-${userId}.zip`),
    onError: (error: Error) => toast.error(error.message || 'Your data could not be downloaded'),
  });
  return (
    <section className={styles.card} aria-labelledby="my-data">
      <h2 id="my-data">Your data</h2>
      <p>
        Everything the portal holds about you — profile, contacts, characters with their XP, prestige, notices and sign-ins — as JSON files
        in a zip.
      </p>
      <div className={form.actions}>
        <button type="button" className={form.secondary} disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
    </section>
  );
}
