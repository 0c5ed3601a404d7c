// Administration › Locations and lists: the venue types.
import { venueTypeSaveSchema } from '@guildhall/shared/schemas/administration';
import { useVenueTypes } from '../../lib/queries';
import { NamedListSection } from './named-list-section';

export function VenueTypesSection() {
  const venueTypes = useVenueTypes();
  return (
    <NamedListSection
      title="Venue types"
      list="venue-types"
      field="venue_type"
      label="Venue type"
      schema={venueTypeSaveSchema}
      rows={(venueTypes.data ?? []).map((v) => ({ id: v.id_venue_type, name: v.venue_type }))}
    />
  );
}
