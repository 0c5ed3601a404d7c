// SPEC §2 VSS detail (/storyteller/vss-manager/:id): 'Back to VSS list'; the overview (organization, name,
// venue type, region, storyteller, position holders); the characters with accept and reject for Pending ones;
// the items (Item, Location, NPC) with an add panel; the VSS text with 'Update Vss information'. What the
// caller may change comes with the sheet (`extra.abilities`); for others it is read-only.
import { VENUE_ITEM_TYPES } from '@guildhall/shared/constants';
import {
  type Venue,
  type VenueForm,
  type VenueFormInput,
  type VenueItem,
  type VenueItemAdd,
  type VenueItemAddInput,
  venueFormSchema,
  venueItemAddSchema,
} from '@guildhall/shared/schemas/venues';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { FormDialog, SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { NotFoundPage } from '../../components/not-found';
import { useCan } from '../../lib/abilities';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useListState } from '../../lib/list-state';
import { useRouteId } from '../../lib/route-id';
import { useAddVenueItem, useUpdateVenue, useVenue, useVenueItems } from './api';
import styles from './storyteller.module.css';
import { GamesList } from '../../components/games-list';
import { CHARACTERS_AUDIENCE, VenueCharactersTable } from './venue-characters-table';
import { VssText } from './vss-text';

export function VssDetailPage() {
  const id = useRouteId();
  const { search } = useLocation();
  const detail = useVenue(id);
  const { user } = useAuth();
  const maySearch = useCan('characters.search');

  useEffect(() => {
    if (detail.isError) toast.error('Failed to fetch vss data', { toastId: 'vss-fetch' });
  }, [detail.isError]);

  return (
    <div className={styles.detail}>
      <Link className={styles.back} to={`/storyteller/vss-manager${search}`}>
        <span aria-hidden="true">← </span>Back to VSS list
      </Link>
      {id === null ? (
        <NotFoundPage />
      ) : detail.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : detail.isError ? (
        <p role="alert">
          {detail.error instanceof ApiError && detail.error.status === 404 ? 'No style sheet has this id.' : 'Failed to fetch vss data'}
        </p>
      ) : (
        <>
          <Overview venue={detail.data.venue} />
          <section className={styles.panel} aria-labelledby="vss-characters">
            <h2 id="vss-characters">Characters</h2>
            {/* Asked for only when the API would answer (its own storyteller, staff): no refused request. */}
            {maySearch || (user && detail.data.venue.id_user_st === user.id_user) ? (
              <VenueCharactersTable venueId={id} caption={`Characters on ${detail.data.venue.venue_name}`} />
            ) : (
              <p>{CHARACTERS_AUDIENCE}</p>
            )}
          </section>
          <section className={styles.panel} aria-labelledby="vss-games">
            <h2 id="vss-games">Upcoming games</h2>
            <GamesList query={{ venue: id, count: 5 }} label="Upcoming games of this venue" empty="No game is scheduled." />
            <p>
              <Link to={`/games?venue=${id}`}>All games of this venue</Link>
              {detail.data.abilities.includes('edit') ? (
                <>
                  {' · '}
                  <Link to={`/games/new?venue=${id}`}>Schedule a game</Link>
                </>
              ) : null}
            </p>
          </section>
          <Items venueId={id} mayAdd={detail.data.abilities.includes('addItem')} />
          <StyleText key={detail.data.venue.updated_at} venue={detail.data.venue} mayEdit={detail.data.abilities.includes('edit')} />
        </>
      )}
    </div>
  );
}

function Overview({ venue }: { venue: Venue }) {
  const facts: [string, string][] = [
    ['Organization', venue.organization ?? '—'],
    ['Name', venue.venue_name],
    ['Venue type', venue.venue_type],
    ['Region', venue.region_name ?? '—'],
    ['Domain', `${venue.domain_name} (${venue.domain_code})`],
    ['Storyteller', venue.storyteller_name ?? '—'],
  ];
  return (
    <section className={styles.panel} aria-labelledby="vss-overview">
      <h2 id="vss-overview">{venue.venue_name}</h2>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Position holders</dt>
          <dd>
            {venue.positions.length === 0 ? (
              'None'
            ) : (
              <ul className={styles.holders}>
                {venue.positions.map((p) => (
                  <li key={p.id_position}>
                    {p.pos_title}: {p.holder_name ? `${p.holder_name} (${p.user_camnum})` : 'Vacant'}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const itemColumns: Column<VenueItem>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'type', header: 'Type', cell: (r) => r.type },
  { key: 'description', header: 'Description', cell: (r) => r.description },
];

function Items({ venueId, mayAdd }: { venueId: number; mayAdd: boolean }) {
  const list = useListState({
    defaultSort: { sortBy: 'id_venue_item', direction: 'asc' },
    sortable: ['id_venue_item'] as const,
    pageSize: 10,
    prefix: 'items',
  });
  const items = useVenueItems(venueId, { page: list.page, count: list.pageSize });
  return (
    <section className={styles.panel} aria-labelledby="vss-items">
      <div className={styles.panelHeading}>
        <h2 id="vss-items">Items</h2>
        {mayAdd ? <AddItemDialog venueId={venueId} /> : null}
      </div>
      {items.isError ? <p role="alert">{items.error.message}</p> : null}
      <DataTable
        caption="Items, locations and NPCs"
        columns={itemColumns}
        rows={items.data?.rows ?? []}
        rowKey={(r) => r.id_venue_item}
        total={items.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        loading={items.isFetching}
      />
    </section>
  );
}

function AddItemDialog({ venueId }: { venueId: number }) {
  const add = useAddVenueItem();
  const methods = useApiForm<VenueItemAddInput, VenueItemAdd>({
    schema: venueItemAddSchema,
    defaultValues: { id_venue: venueId, name: '', type: '' as VenueItemAddInput['type'], description: '' },
    submit: (values) => add.mutateAsync(values),
    success: 'The venue item was added successfully',
    failure: 'Failed to add the venue item',
  });
  const { errors } = methods.formState;
  return (
    <FormDialog
      title="Add Item"
      submitLabel="Add item"
      busyLabel="Adding…"
      form={methods}
      trigger={
        <button type="button" className={form.primary}>
          Add Item
        </button>
      }
    >
      <Field label="Name" error={errors.name?.message}>
        <input autoComplete="off" {...methods.register('name')} />
      </Field>
      <Field label="Type" error={errors.type?.message}>
        <select {...methods.register('type')}>
          <option value="">Choose a type</option>
          {VENUE_ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <textarea rows={7} {...methods.register('description')} />
      </Field>
    </FormDialog>
  );
}

function StyleText({ venue, mayEdit }: { venue: Venue; mayEdit: boolean }) {
  const update = useUpdateVenue();
  const methods = useApiForm<VenueFormInput, VenueForm>({
    schema: venueFormSchema,
    defaultValues: { id_venue_type: venue.id_venue_type, venue_name: venue.venue_name, venue_style: venue.venue_style },
    submit: (values) => update.mutateAsync({ id: venue.id_venue, input: values }),
    success: 'The venue was updated successfully',
    failure: 'Failed to update the vss information',
  });
  return (
    <section className={styles.panel} aria-labelledby="vss-text">
      <h2 id="vss-text">VSS information</h2>
      <VssText text={venue.venue_style} />
      {mayEdit ? (
        <form onSubmit={methods.onSubmit} noValidate aria-label="Update the VSS information">
          <Field label="Style text" error={methods.formState.errors.venue_style?.message}>
            <textarea rows={7} {...methods.register('venue_style')} />
          </Field>
          <div className={form.actions}>
            <SubmitButton busy={methods.busy} label="Update Vss information" busyLabel="Updating…" />
          </div>
        </form>
      ) : null}
    </section>
  );
}
