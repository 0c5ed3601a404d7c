import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';

export function OverviewPage() {
  return (
    <SectionPage heading="OVERVIEW" icon={navIcons('overview').active}>
      {null}
    </SectionPage>
  );
}
