// Issue 26 (GDPR Art. 17): an administrator erases a member after seeing what it touches — the rows of each table
// that refer to them, what is removed and what the society keeps.
import type { ErasurePreview } from '@guildhall/shared/schemas/data-exchange';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function EraseDialog({ member, onClose }: { member: { id_user: number; name: string } | null; onClose: () => void }) {
  const client = useQueryClient();
  const preview = useQuery({
    queryKey: queryKeys.member.erasure(member?.id_user ?? null),
    enabled: member !== null,
    queryFn: ({ signal }) => api.get<ErasurePreview>(`/users/${member!.id_user}/erasure`, undefined, signal).then((r) => r.result),
  });
  const erase = useMutation({
    mutationFn: (id_user: number) => api.post<boolean>(`/users/${id_user}/erase`),
    onSuccess: async () => {
      toast.success('The member was erased');
      onClose();
      await client.invalidateQueries({ queryKey: queryKeys.reach.all });
    },
    onError: (error: Error) => toast.error(error.message || 'The member could not be erased'),
  });
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Erase this member?"
      description={member ? `${member.name} becomes "Former member #${member.id_user}". This cannot be undone.` : ''}
      confirmLabel="Erase"
      busy={erase.isPending}
      onConfirm={() => (member && preview.data ? erase.mutateAsync(member.id_user).catch(() => undefined) : undefined)}
    >
      {preview.isPending ? <p>Reading what it touches…</p> : null}
      {preview.isError ? <p role="alert">{preview.error.message}</p> : null}
      {preview.data ? (
        <div>
          <p>Removed: {preview.data.removed.join(', ')}.</p>
          <p>Kept, with the anonymised name: {preview.data.kept.join(', ')}.</p>
          <ul aria-label="Rows that refer to the member">
            {preview.data.tables.map((t) => (
              <li key={t.table}>
                {t.table}: {t.rows}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
