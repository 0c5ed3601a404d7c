// SPEC §2 Domain List: the US at the top with its regions (type 3) nested under it, other type-2 regions below;
// one open section per level; opening an entry loads its content. The shared Accordion gives the keyboard
// (arrows between the headers of a level); the member's own domain is marked, and a filter narrows the list.
import { ancestorIds, directChildren, domainListTopLevel, isDomain } from '@guildhall/shared/rules/locations';
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Accordion, AccordionItem } from '../../components/accordion';
import form from '../../components/form.module.css';
import { useCan } from '../../lib/abilities';
import { useAuth } from '../../lib/auth';
import { type Domain, useDomains } from '../../lib/queries';
import { useDomainContent, useMyPendingTransfer, useRequestTransfer } from './api';
import styles from './utilities.module.css';

export function DomainListPage() {
  const { user } = useAuth();
  const domains = useDomains();
  const [openPath, setOpenPath] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const all = domains.data ?? [];
  const mine = all.find((d) => d.id_location === user?.id_location);

  /** Opening an entry at a level closes its siblings and everything below them. */
  const openAt = (depth: number, id: number | null) =>
    setOpenPath((path) => (id === null ? path.slice(0, depth) : [...path.slice(0, depth), id]));

  const showMine = () => {
    if (!mine) return;
    const byId = new Map(all.map((d) => [d.id_location, d]));
    const shown = [...ancestorIds(mine), mine.id_location].filter((id) => {
      const l = byId.get(id);
      return l && l.location_type !== LOCATION_TYPE.ROOT;
    });
    setFilter('');
    setOpenPath(shown);
  };

  const matches = useMemo(() => {
    const term = filter.trim().toLowerCase();
    if (!term) return null;
    return all
      .filter(
        (d) =>
          d.location_type !== LOCATION_TYPE.ROOT &&
          (d.location_name.toLowerCase().includes(term) || d.domain_code.toLowerCase().includes(term)),
      )
      .sort((a, b) => a.domain_code.localeCompare(b.domain_code));
  }, [all, filter]);

  if (domains.isError) return <p role="alert">The domains could not be loaded: {domains.error.message}</p>;
  if (domains.isPending) return <p>Loading…</p>;

  return (
    <div>
      <div className={styles.toolbar}>
        <label className={styles.inline}>
          <span>Filter domains</span>
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or code, e.g. NE-004" />
        </label>
        {mine ? (
          <button type="button" className={form.secondary} onClick={showMine}>
            Show my domain ({mine.domain_code})
          </button>
        ) : null}
      </div>
      {matches ? (
        matches.length === 0 ? (
          <p>No result</p>
        ) : (
          <DomainLevel items={matches} all={all} depth={0} openPath={openPath} onOpen={openAt} mineId={mine?.id_location} flat />
        )
      ) : (
        <DomainLevel items={domainListTopLevel(all)} all={all} depth={0} openPath={openPath} onOpen={openAt} mineId={mine?.id_location} />
      )}
    </div>
  );
}

interface LevelProps {
  items: Domain[];
  all: Domain[];
  depth: number;
  openPath: number[];
  onOpen: (depth: number, id: number | null) => void;
  mineId: number | undefined;
  flat?: boolean;
}

function DomainLevel({ items, all, depth, openPath, onOpen, mineId, flat }: LevelProps) {
  return (
    <Accordion value={String(openPath[depth] ?? '')} onValueChange={(value) => onOpen(depth, value ? Number(value) : null)} depth={depth}>
      {items.map((item) => {
        const children = flat ? [] : directChildren(all, item);
        return (
          <AccordionItem
            key={item.id_location}
            value={String(item.id_location)}
            name={item.location_name}
            after={
              <>
                <span className={styles.code}>{item.domain_code}</span>
                {item.id_location === mineId ? <span className={styles.badge}>Your domain</span> : null}
              </>
            }
          >
            <DomainContentView location={item} />
            {children.length > 0 ? (
              <DomainLevel items={children} all={all} depth={depth + 1} openPath={openPath} onOpen={onOpen} mineId={mineId} />
            ) : null}
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}

function DomainContentView({ location }: { location: Domain }) {
  const content = useDomainContent([...ancestorIds(location), location.id_location]);
  if (content.isError) return <p role="alert">{content.error.message}</p>;
  if (!content.data) return <p className={styles.muted}>Loading…</p>;
  const { tbl_positions, tbl_venues } = content.data;
  return (
    <div className={styles.content}>
      <div className={styles.contentHeader}>
        <p>
          <strong>{content.data.location_name}</strong> <span className={styles.code}>{content.data.domain_code}</span>
        </p>
        <RequestTransfer location={location} />
      </div>
      <div className={styles.columns}>
        <section aria-label={`Positions of ${location.location_name}`}>
          <h4>Positions</h4>
          {tbl_positions.length === 0 ? (
            <p className={styles.muted}>No result</p>
          ) : (
            <ul className={styles.plainList}>
              {tbl_positions.map((p) => (
                <li key={p.id_position}>
                  <span>
                    {p.pos_title || p.pos_type}
                    {p.tbl_venue ? ` · ${p.tbl_venue.venue_name}` : ''}
                  </span>
                  <span>{p.tbl_user ? `${p.tbl_user.user_fname} ${p.tbl_user.user_lname}` : 'Vacant'}</span>
                  <span className={styles.code}>{p.tbl_user?.user_camnum ?? ''}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={`Venues of ${location.location_name}`}>
          <h4>Venues</h4>
          {tbl_venues.length === 0 ? (
            <p className={styles.muted}>No result</p>
          ) : (
            <ul className={styles.plainList}>
              {tbl_venues.map((v) => (
                <li key={v.id_venue}>
                  <span>{v.venue_name}</span>
                  <span className={styles.muted}>{v.venue_type}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * SPEC's 'Request transfer', made live (issue 13): asks the domain's coordinators to take the member in. Only a
 * domain (SPEC §3: type above 3) can be a home, so the US and the regions offer none.
 */
function RequestTransfer({ location }: { location: Domain }) {
  const { user } = useAuth();
  const may = useCan('transfers.request');
  const [open, setOpen] = useState(false);
  const request = useRequestTransfer();
  const pending = useMyPendingTransfer();
  if (!isDomain(location) || user?.id_location === location.id_location) return null;
  if (!may) return null;
  if (pending.data?.to_location === location.id_location)
    return (
      <button type="button" className={form.secondary} aria-disabled="true" title="The receiving domain's coordinator decides">
        Transfer requested
      </button>
    );
  return (
    <>
      <button type="button" className={form.secondary} onClick={() => setOpen(true)}>
        Request transfer
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Transfer to ${location.location_name}?`}
        description={`The coordinators of ${location.location_name} (${location.domain_code}) and of your domain see the request; the coordinator of ${location.location_name} accepts or declines it, and you are told.`}
        confirmLabel="Request transfer"
        busy={request.isPending}
        onConfirm={() =>
          request.mutate(location.id_location, {
            onSuccess: () => {
              toast.success('The transfer was requested successfully');
              setOpen(false);
            },
            onError: (error) => toast.error(error.message || 'Failed to request the transfer'),
          })
        }
      />
    </>
  );
}
