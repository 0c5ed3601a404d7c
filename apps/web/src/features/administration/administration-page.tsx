import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';

export function AdministrationPage() {
  return (
    <SectionPage heading="ADMINISTRATION" icon={navIcons('administration').active}>
      {null}
    </SectionPage>
  );
}
