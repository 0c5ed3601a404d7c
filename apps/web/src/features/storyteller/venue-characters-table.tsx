// A style sheet's characters (GET /characters/venue/{id}): name, player, membership number, type and state
// (SPEC §4), with Accept and Reject on the Pending ones the caller may sign; Reject asks first, with a reason for the
// player (SPEC §7's signResponse, sent in their notice). Shared by the VSS detail and the census; paged by the API,
// in the component's own state so two tables on a page keep their own pages. 'Export CSV' gives the whole sheet's
// list as a file (issue 26).
import { DEFAULT_PAGE_SIZE } from '@guildhall/shared/constants';
import { vssStatusLabel } from '@guildhall/shared/rules/vss-status';
import type { VenueCharacterRow } from '@guildhall/shared/schemas/venues';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { ExportCsvButton } from '../../components/export-csv-button';
import { Field } from '../../components/field';
import { FailureText } from '../../components/form-kit';
import { ApiError } from '../../lib/api-client';
import { refusalMessage } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { useSignCharacter, useVenueCharacters } from './api';

const columns: Column<VenueCharacterRow>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.character_name },
  { key: 'player', header: 'Player', cell: (r) => r.player_name },
  { key: 'camnum', header: 'Membership #', cell: (r) => r.user_camnum },
  { key: 'type', header: 'Type', cell: (r) => `${r.type_name} · ${r.subtype_name}` },
  { key: 'state', header: 'State', cell: (r) => vssStatusLabel(r.vss_status) },
];

/** Why a member does not see who plays on a sheet (the API's 'search' right: staff and storytellers). */
export const CHARACTERS_AUDIENCE = 'The characters on a style sheet are shown to staff and storytellers.';

export function VenueCharactersTable({ venueId, caption }: { venueId: number; caption: string }) {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const characters = useVenueCharacters(venueId, { page, count: DEFAULT_PAGE_SIZE });
  const sign = useSignCharacter();
  const [signing, setSigning] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<VenueCharacterRow | null>(null);
  const [reason, setReason] = useState('');

  const signAs = async (row: VenueCharacterRow, resultSigned: 'yes' | 'no', signResponse?: string) => {
    setSigning(row.id_character);
    try {
      await sign.mutateAsync({ id: row.id_character, input: { resultSigned, storytellerId: user?.id_user, signResponse } });
      toast.success('Successfully updated');
      setRejecting(null);
    } catch (error) {
      // SPEC §8 words the failure of Accept; a Reject's says what it failed to do (decision 145). Why the API refused, below.
      const failure = resultSigned === 'yes' ? 'Sorry, failed to accept the character' : 'Sorry, failed to reject the character';
      toast.error(<FailureText failure={failure} reason={refusalMessage(error)} />);
    } finally {
      setSigning(null);
    }
  };

  if (characters.isError)
    return (
      <p role="alert">
        {characters.error instanceof ApiError && characters.error.status === 403 ? CHARACTERS_AUDIENCE : characters.error.message}
      </p>
    );
  return (
    <>
      <ExportCsvButton
        path={`/characters/venue/${venueId}/export`}
        fileName={`style-sheet-${venueId}-characters.csv`}
        failure="The characters could not be exported"
      />
      <DataTable
        caption={caption}
        columns={columns}
        rows={characters.data?.rows ?? []}
        rowKey={(r) => r.id_character}
        total={characters.data?.count ?? 0}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={setPage}
        loading={characters.isFetching}
        rowActions={(r) =>
          r.abilities.includes('sign')
            ? [
                {
                  label: 'Accept',
                  accessibleLabel: `Accept ${r.character_name}`,
                  disabled: signing !== null,
                  onClick: () => signAs(r, 'yes'),
                },
                {
                  label: 'Reject',
                  accessibleLabel: `Reject ${r.character_name}`,
                  danger: true,
                  disabled: signing !== null,
                  onClick: () => {
                    setReason('');
                    setRejecting(r);
                  },
                },
              ]
            : []
        }
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={`Reject ${rejecting?.character_name ?? ''}?`}
        description={`${rejecting?.player_name ?? 'The player'} is told, with the reason if you give one.`}
        confirmLabel="Reject"
        busy={signing !== null}
        onConfirm={() => rejecting && signAs(rejecting, 'no', reason.trim() || undefined)}
      >
        <Field label="Reason for the player (optional)">
          <textarea rows={4} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
      </ConfirmDialog>
    </>
  );
}
