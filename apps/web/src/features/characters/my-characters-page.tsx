// SPEC §2 My characters: the member's own characters (Name, Venue, VSS, Type, Active, XP as "sum (count)"),
// sortable on all but XP, paged, with detail and edit on each row; 'Add Character', 'Add Approval' for the
// selected row, and the selected character's applications beside the table. The detail opens over the list.
import { isOpenStatus } from '@guildhall/shared/rules/approval-workflow';
import type { ApprovalRow } from '@guildhall/shared/schemas/approvals';
import { vssStatusLabel } from '@guildhall/shared/rules/vss-status';
import { CHARACTER_LIST_SORTABLE, type CharacterRow } from '@guildhall/shared/schemas/characters';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ApprovalClockLine, ApprovalHistory, waitingText } from '../../components/approval-history';
import { type Column, DataTable } from '../../components/data-table';
import form from '../../components/form.module.css';
import { modalFromList } from '../../components/modal-route';
import { useAuth } from '../../lib/auth';
import { useListState } from '../../lib/list-state';
import { useApproval } from '../../lib/queries';
import { AddApprovalDialog } from './add-approval-dialog';
import { AddCharacterDialog } from './add-character-dialog';
import { useCharacterApprovals, useMyCharacters } from './api';
import styles from './characters.module.css';

export function MyCharactersPage() {
  const { user } = useAuth();
  const userId = user?.id_user ?? 0;
  const navigate = useNavigate();
  const { search } = useLocation();
  const list = useListState({ defaultSort: { sortBy: 'id_character', direction: 'asc' }, sortable: CHARACTER_LIST_SORTABLE });
  const characters = useMyCharacters(userId, list.query);
  // The selected character is in the URL (?selected=), so a reload keeps it; a page away, its row is remembered.
  const [params, setParams] = useSearchParams();
  const selectedId = Number.parseInt(params.get('selected') ?? '', 10) || null;
  const onPage = characters.data?.rows.find((r) => r.id_character === selectedId);
  const [remembered, setRemembered] = useState<CharacterRow | null>(null);
  useEffect(() => {
    if (onPage) setRemembered(onPage);
  }, [onPage]);
  const selected = onPage ?? (remembered?.id_character === selectedId ? remembered : null);
  const select = (row: CharacterRow) => {
    setRemembered(row);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('selected', String(row.id_character));
        return next;
      },
      { replace: true },
    );
  };
  const [approvalOpen, setApprovalOpen] = useState(false);

  useEffect(() => {
    if (characters.isError) toast.error('Failed to fetch characters', { toastId: 'characters-fetch' });
  }, [characters.isError]);

  const open = (row: CharacterRow, edit = false) => navigate(`${row.id_character}${search}`, { state: { ...modalFromList, edit } });

  const columns: Column<CharacterRow>[] = [
    { key: 'name', header: 'Name', sortKey: 'character_name', cell: (r) => r.character_name },
    { key: 'venue', header: 'Venue', sortKey: 'venue_name', cell: (r) => r.venue_name ?? '—' },
    { key: 'vss', header: 'VSS', sortKey: 'vss_status', cell: (r) => vssStatusLabel(r.vss_status) },
    {
      key: 'type',
      header: 'Type',
      sortKey: 'type_name',
      cell: (r) => (r.subtype_name ? `${r.type_name} · ${r.subtype_name}` : r.type_name),
    },
    { key: 'active', header: 'Active', sortKey: 'character_status', cell: (r) => r.character_status },
    { key: 'xp', header: 'XP', numeric: true, cell: (r) => `${r.xp_log_sum} (${r.xp_log_count})` },
  ];

  return (
    <div>
      <div className={styles.toolbar}>
        <AddCharacterDialog />
        <button
          type="button"
          className={form.secondary}
          onClick={() => (selected ? setApprovalOpen(true) : toast.info('Please select a character to add new approval'))}
        >
          Add Approval
        </button>
      </div>
      {selected ? (
        <AddApprovalDialog key={selected.id_character} character={selected} open={approvalOpen} onOpenChange={setApprovalOpen} />
      ) : null}
      <div className={styles.layout}>
        <div>
          {characters.isError ? <p role="alert">Failed to fetch characters</p> : null}
          <DataTable
            caption="My characters"
            columns={columns}
            rows={characters.data?.rows ?? []}
            rowKey={(r) => r.id_character}
            total={characters.data?.count ?? 0}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            selectedKey={selectedId}
            onSelect={select}
            loading={characters.isFetching}
            rowActions={(r) => [
              { label: 'Detail', accessibleLabel: `Detail of ${r.character_name}`, onClick: () => open(r) },
              { label: 'Edit', accessibleLabel: `Edit ${r.character_name}`, onClick: () => open(r, true) },
            ]}
          />
        </div>
        <ApplicationsPanel character={selected} />
      </div>
      <Outlet />
    </div>
  );
}

/** One application: number, description, status and its clock; its history on demand (DESIGN §6). */
function ApplicationItem({ application: a }: { application: ApprovalRow }) {
  const [open, setOpen] = useState(false);
  const detail = useApproval(open ? a.id : null);
  return (
    <li>
      <span className={styles.appNumber}>{a.app_number}</span>
      {a.description}
      <div className={styles.appStatus}>
        <strong>{a.status}</strong>
        {isOpenStatus(a.status) ? ` · waiting ${waitingText(a.status, a.level_since)}` : null}
      </div>
      <button type="button" className={styles.linkButton} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide history' : 'History'}
      </button>
      {open ? (
        detail.isPending ? (
          <p aria-busy="true">Loading…</p>
        ) : detail.isError ? (
          <p role="alert">{detail.error.message}</p>
        ) : (
          <>
            <ApprovalClockLine status={detail.data.approval.status} clock={detail.data.approval.clock} />
            <ApprovalHistory events={detail.data.approval.events} label={`History of ${a.app_number}`} />
          </>
        )
      ) : null}
    </li>
  );
}

/** How many applications the side panel lists; the character's detail pages through them all. */
const PANEL_APPLICATIONS = 100;

/** SPEC §2 side panel: the selected character's applications, numbered, app number and description. */
function ApplicationsPanel({ character }: { character: CharacterRow | null }) {
  const approvals = useCharacterApprovals(character?.id_character ?? null, { page: 1, count: PANEL_APPLICATIONS });
  return (
    <aside className={styles.panel} aria-labelledby="applications-heading">
      <h2 id="applications-heading">Applications</h2>
      {!character ? (
        <p className={styles.muted}>Select a character to see its applications.</p>
      ) : approvals.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : approvals.isError ? (
        <p role="alert">{approvals.error.message}</p>
      ) : (
        <>
          <p className={styles.muted}>{character.character_name}</p>
          {approvals.data.rows.length === 0 ? (
            <p>No result</p>
          ) : (
            <ol className={styles.apps} aria-label={`Applications of ${character.character_name}`}>
              {approvals.data.rows.map((a) => (
                <ApplicationItem key={a.id} application={a} />
              ))}
            </ol>
          )}
          {approvals.data.count > approvals.data.rows.length ? (
            <p className={styles.muted}>
              The latest {approvals.data.rows.length} of {approvals.data.count}:{' '}
              <Link to={`/characters/list/${character.id_character}`} state={modalFromList}>
                open the character
              </Link>{' '}
              for every one.
            </p>
          ) : null}
        </>
      )}
    </aside>
  );
}
