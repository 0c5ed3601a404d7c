// Issue 13: ADMINISTRATION (SPEC §2 left it empty) — Members, Positions, Audit log. Administrators see the tabs;
// anyone else reads what the section is for (the navigation lists it to all, SPEC §6).
import { RoleNotice } from '../../components/member-list';
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';
import { useCan } from '../../lib/abilities';

export const ADMINISTRATION_TABS: RouteTab[] = [
  { label: 'Members', path: '/administration/members' },
  { label: 'Positions', path: '/administration/positions' },
  { label: 'Locations', path: '/administration/locations' },
  { label: 'Audit log', path: '/administration/audit-log' },
  { label: 'Outbox', path: '/administration/outbox' },
  { label: 'Import', path: '/administration/import' },
];

export function AdministrationPage() {
  const icon = navIcons('administration').active;
  if (!useCan('administration.open')) {
    return (
      <SectionPage heading="ADMINISTRATION" icon={icon}>
        <RoleNotice title="For the society's administrators">
          This section is where administrators add members, assign positions and keep the society's lists. If something in your membership
          needs changing, ask your domain coordinator.
        </RoleNotice>
      </SectionPage>
    );
  }
  return <SectionPage heading="ADMINISTRATION" icon={icon} tabs={ADMINISTRATION_TABS} />;
}
