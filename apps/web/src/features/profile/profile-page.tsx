import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';

export function ProfilePage() {
  return (
    <SectionPage heading="PROFILE" icon={navIcons('profile').active}>
      {null}
    </SectionPage>
  );
}
