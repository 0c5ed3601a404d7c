import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';

export function CoordinatorPage() {
  return (
    <SectionPage heading="COORDINATOR" icon={navIcons('coordinator').active}>
      {null}
    </SectionPage>
  );
}
