// SPEC §2 Venue character browser (/storyteller/character-census): an accordion of style sheets headed
// 'name (n on VSS)', n being the characters on the sheet; opening one loads its character table. 'Load more'
// asks for the next page of sheets while a page comes back full; 'No result' when there is none.
import { useState } from 'react';
import { Accordion, AccordionItem } from '../../components/accordion';
import form from '../../components/form.module.css';
import { useCan } from '../../lib/abilities';
import { useCensus } from './api';
import styles from './storyteller.module.css';
import { VenueCharactersTable } from './venue-characters-table';

export function CharacterCensusPage() {
  // The census is asked for only when the member may see it: a member reads why, without a refused request.
  if (!useCan('characters.search')) return <p role="alert">The character census is for staff and storytellers.</p>;
  return <Census />;
}

function Census() {
  const census = useCensus();
  const [open, setOpen] = useState('');
  if (census.isPending) return <p aria-busy="true">Loading…</p>;
  // A failed 'Load more' keeps the sheets already shown; its failure is said beside the button.
  if (census.isError && !census.data) return <p role="alert">{census.error.message}</p>;
  // Pages are slices by offset: a sheet added or renamed meanwhile shifts the next one, which may repeat a sheet.
  const venues = [...new Map(census.data.pages.flatMap((p) => p.rows).map((v) => [v.id_venue, v])).values()];
  if (venues.length === 0) return <p>No result</p>;
  return (
    <div className={styles.census}>
      <Accordion value={open} onValueChange={setOpen}>
        {venues.map((v) => (
          <AccordionItem key={v.id_venue} value={String(v.id_venue)} name={`${v.venue_name} (${v.character_count} on VSS)`}>
            <VenueCharactersTable venueId={v.id_venue} caption={`Characters on ${v.venue_name}`} />
          </AccordionItem>
        ))}
      </Accordion>
      {census.hasNextPage ? (
        <div className={styles.loadMore}>
          <button
            type="button"
            className={form.secondary}
            onClick={() => census.fetchNextPage()}
            disabled={census.isFetchingNextPage}
            aria-busy={census.isFetchingNextPage}
          >
            {census.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
          {census.isFetchNextPageError ? <p role="alert">More style sheets could not be loaded: {census.error.message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
