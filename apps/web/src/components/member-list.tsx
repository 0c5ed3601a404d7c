// Issue 13: the members within the caller's reach — Coordinator › My members and Administration › Members are
// this one list with other row actions. Filters (name, membership type, 'expires within 30 days' / 'expired'),
// page and sort live in the URL; each row's actions come from its `abilities`. With `exportFileName`, an 'Export
// CSV' button exports the list as filtered (issue 26).
import { USER_TYPES } from '@guildhall/shared/constants';
import { membershipStanding } from '@guildhall/shared/rules/membership';
import { MEMBERS_SORTABLE, type MemberRow } from '@guildhall/shared/schemas/administration';
import type { ReactNode } from 'react';
import { toSearchParams } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { useListState } from '../lib/list-state';
import { useMembersInReach } from '../lib/queries';
import type { Column, RowAction } from './data-table';
import { ExportCsvButton } from './export-csv-button';
import { SearchFilter, SelectFilter } from './filter-fields';
import { FilteredList } from './filtered-list';
import styles from './member-list.module.css';

const FILTERS = ['name', 'userType', 'standing'] as const;
const STANDINGS = [
  { value: 'expiring', label: 'Expires within 30 days' },
  { value: 'expired', label: 'Expired' },
];
const today = () => new Date().toISOString().slice(0, 10);

export function ExpiryCell({ expiration }: { expiration: string | null }) {
  const standing = membershipStanding(expiration, today());
  return (
    <span>
      {formatDate(expiration)} {standing === 'expired' ? <span className={`${styles.badge} ${styles.expired}`}>Expired</span> : null}
      {standing === 'expiring' ? <span className={`${styles.badge} ${styles.expiring}`}>Expires soon</span> : null}
    </span>
  );
}

const columns: Column<MemberRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'user_lname',
    cell: (m) => (
      <span>
        {[m.user_fname, m.user_mname, m.user_lname].filter(Boolean).join(' ')}
        {m.is_disabled ? <span className={styles.badge}> Deactivated</span> : null}
      </span>
    ),
  },
  { key: 'camnum', header: 'Membership #', sortKey: 'user_camnum', cell: (m) => m.user_camnum },
  { key: 'type', header: 'Membership Type', cell: (m) => m.user_type },
  { key: 'expires', header: 'Membership Expires', sortKey: 'user_expiration', cell: (m) => <ExpiryCell expiration={m.user_expiration} /> },
  { key: 'domain', header: 'Domain', cell: (m) => m.domain_code ?? '—' },
  { key: 'email', header: 'Email', cell: (m) => (m.email ? (m.email_bouncing ? `${m.email} (bouncing: nothing sent)` : m.email) : '—') },
];

export function MemberList({
  caption,
  rowActions,
  toolbar,
  exportFileName,
}: {
  caption: string;
  rowActions: (member: MemberRow) => RowAction[];
  toolbar?: ReactNode;
  exportFileName?: string;
}) {
  const list = useListState({ defaultSort: { sortBy: 'user_lname', direction: 'asc' }, sortable: MEMBERS_SORTABLE, filters: FILTERS });
  const members = useMembersInReach(list.query);
  const { sortBy: _s, direction: _d, page: _p, count: _c, ...filters } = list.query;
  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{members.data ? `${members.data.count} members` : members.isError ? null : 'Loading…'}</p>
        {toolbar}
        {exportFileName ? (
          <ExportCsvButton
            path={`/coordinator/members/export${toSearchParams(filters)}`}
            fileName={exportFileName}
            failure="The members could not be exported"
          />
        ) : null}
      </div>
      <FilteredList
        list={list}
        result={members}
        filtersLabel="Member filters"
        filters={
          <>
            <SearchFilter
              label="Name or membership #"
              value={list.filters.name}
              onChange={(name) => list.setFilters({ name }, { typed: true })}
            />
            <SelectFilter
              label="Membership type"
              value={list.filters.userType}
              onChange={(userType) => list.setFilters({ userType })}
              options={USER_TYPES}
            />
            <SelectFilter
              label="Membership"
              value={list.filters.standing}
              onChange={(standing) => list.setFilters({ standing })}
              options={STANDINGS}
            />
          </>
        }
        caption={caption}
        columns={columns}
        rowKey={(m) => m.id_user}
        rowActions={rowActions}
      />
    </div>
  );
}

/** What a member without the section's role reads instead of the section (SPEC §6 keeps it in the navigation). */
export function RoleNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.notice} role="note">
      <h2>{title}</h2>
      <p>{children}</p>
    </div>
  );
}
