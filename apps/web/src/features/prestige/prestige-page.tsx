import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';

export function PrestigePage() {
  return (
    <SectionPage heading="PRESTIGE & VIP" icon={navIcons('prestige').active}>
      {null}
    </SectionPage>
  );
}
