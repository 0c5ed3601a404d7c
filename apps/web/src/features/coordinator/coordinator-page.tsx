// Issue 13: COORDINATOR (SPEC §2 left it empty) — My members, Transfers, Prestige. Coordinators and
// administrators see the tabs; anyone else reads what the section is for (the navigation lists it to all).
import { RoleNotice } from '../../components/member-list';
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';
import { useCan } from '../../lib/abilities';

export const COORDINATOR_TABS: RouteTab[] = [
  { label: 'My members', path: '/coordinator/members' },
  { label: 'Transfers', path: '/coordinator/transfers' },
  { label: 'Prestige', path: '/coordinator/prestige' },
];

export function CoordinatorPage() {
  const icon = navIcons('coordinator').active;
  if (!useCan('coordinator.open')) {
    return (
      <SectionPage heading="COORDINATOR" icon={icon}>
        <RoleNotice title="For domain coordinators">
          This section is where coordinators look after the members of their domain: renewals, transfers and prestige. To change your
          membership or move to another domain, ask your domain coordinator, or use Request transfer on the Domain List.
        </RoleNotice>
      </SectionPage>
    );
  }
  return <SectionPage heading="COORDINATOR" icon={icon} tabs={COORDINATOR_TABS} />;
}
