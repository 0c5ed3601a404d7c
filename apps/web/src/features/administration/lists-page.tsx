// Issue 13: Administration › Locations and lists — regions and domains (name, code unique among siblings,
// parent), venue types, character types and their subtypes, and the member-class ladder. One file a section.
import styles from '../../components/member-list.module.css';
import { CharacterSubtypesSection } from './character-subtypes-section';
import { CharacterTypesSection } from './character-types-section';
import { LocationsSection } from './locations-section';
import { MemberClassLadderSection } from './member-class-ladder-section';
import { VenueTypesSection } from './venue-types-section';

export function ListsPage() {
  return (
    <div className={styles.stack}>
      <LocationsSection />
      <VenueTypesSection />
      <CharacterTypesSection />
      <CharacterSubtypesSection />
      <MemberClassLadderSection />
    </div>
  );
}
