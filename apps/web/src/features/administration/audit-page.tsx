// Issue 13: Administration › Audit log — every administrative and coordinator change, prestige deletion and
// approval override: who, what, before/after, when. Filtered by action, kind of record, record id and dates, and
// exported as CSV with the same filters (issue 26).
import { AUDIT_SORTABLE, type AuditRow } from '@guildhall/shared/schemas/administration';
import type { Column } from '../../components/data-table';
import { FilteredList } from '../../components/filtered-list';
import { Field } from '../../components/field';
import { SearchFilter, SelectFilter } from '../../components/filter-fields';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useAuditLog } from './api';
import { ExportCsvButton } from '../../components/export-csv-button';
import form from '../../components/form.module.css';
import { toSearchParams } from '../../lib/api-client';

const FILTERS = ['action', 'entity', 'entityId', 'from', 'to'] as const;
const ACTIONS = [
  'member.create',
  'member.update',
  'member.renew',
  'member.deactivate',
  'member.reactivate',
  'member.set_password_link',
  'member.password_set',
  'member.transfer',
  'position.create',
  'position.assign',
  'position.reassign',
  'position.end',
  'transfer.request',
  'transfer.accept',
  'transfer.decline',
  'transfer.cancel',
  'prestige.delete',
  'approval.override',
];
const ENTITIES = ['user', 'position', 'transfer', 'prestige', 'approval', 'location'];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

const columns: Column<AuditRow>[] = [
  {
    key: 'at',
    header: 'When',
    sortKey: 'at',
    cell: (r) => <time dateTime={r.at}>{`${formatDate(r.at)} ${new Date(r.at).toLocaleTimeString()}`}</time>,
  },
  { key: 'by', header: 'Who', cell: (r) => r.by_name ?? '—' },
  { key: 'action', header: 'What', cell: (r) => r.action },
  { key: 'record', header: 'Record', cell: (r) => `${r.entity} ${r.entity_id}` },
  { key: 'before', header: 'Before', cell: (r) => <code>{json(r.before)}</code> },
  { key: 'after', header: 'After', cell: (r) => <code>{json(r.after)}</code> },
  { key: 'note', header: 'Note', cell: (r) => r.note ?? '' },
];

export function AuditPage() {
  const list = useListState({ defaultSort: { sortBy: 'at', direction: 'desc' }, sortable: AUDIT_SORTABLE, filters: FILTERS });
  const log = useAuditLog(list.query);
  const { sortBy: _s, direction: _d, page: _p, count: _c, ...filters } = list.query;
  return (
    <div>
      <div className={form.actions}>
        <ExportCsvButton
          path={`/audit-log/export${toSearchParams(filters)}`}
          fileName="audit-log.csv"
          failure="The audit log could not be exported"
        />
      </div>
      <FilteredList
        list={list}
        result={log}
        filtersLabel="Audit log filters"
        filters={
          <>
            <SelectFilter label="Action" value={list.filters.action} onChange={(action) => list.setFilters({ action })} options={ACTIONS} />
            <SelectFilter
              label="Record kind"
              value={list.filters.entity}
              onChange={(entity) => list.setFilters({ entity })}
              options={ENTITIES}
            />
            <SearchFilter
              label="Record id"
              value={list.filters.entityId}
              onChange={(entityId) => list.setFilters({ entityId }, { typed: true })}
            />
            <Field label="After date">
              <input type="date" value={list.filters.from} onChange={(e) => list.setFilters({ from: e.target.value })} />
            </Field>
            <Field label="Before date">
              <input type="date" value={list.filters.to} onChange={(e) => list.setFilters({ to: e.target.value })} />
            </Field>
          </>
        }
        caption="Audit log"
        columns={columns}
        rowKey={(r) => r.id}
      />
    </div>
  );
}
