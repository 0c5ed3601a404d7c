// SPEC §2 Character detail, a full-screen modal over My characters (/characters/list/:id): Overview (the edit
// form), Character Sheet Information (the justification, sent only when changed), Experience Log and
// Applications — one file a section. What the member may do comes with the character (`extra.abilities`).
import { vssStatusLabel } from '@guildhall/shared/rules/vss-status';
import type { Character, CharacterAbility } from '@guildhall/shared/schemas/characters';
import { useLocation } from 'react-router';
import { ModalRoute } from '../../components/modal-route';
import { NotFoundPage } from '../../components/not-found';
import { useRouteId } from '../../lib/route-id';
import { useCharacter } from './api';
import { ApplicationsSection } from './applications-section';
import styles from './characters.module.css';
import { ExperienceLogSection } from './experience-log-section';
import { JustificationSection } from './justification-section';
import { OverviewSection } from './overview-section';

export function CharacterDetailPage() {
  const id = useRouteId();
  const location = useLocation();
  const detail = useCharacter(id);
  // Back to the list as it was (its page and sort are in the query), minus this modal's own XP and Applications paging.
  const back = new URLSearchParams(location.search);
  for (const key of ['xpPage', 'xpSortBy', 'xpDirection', 'appsPage', 'appsSortBy', 'appsDirection']) back.delete(key);
  const closeTo = `/characters/list${back.size ? `?${back}` : ''}`;
  const title = detail.data?.character.character_name ?? (id === null || detail.isError ? 'Character' : 'Loading…');

  return (
    <ModalRoute title={title} closeTo={closeTo}>
      {id === null ? (
        <NotFoundPage />
      ) : detail.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : detail.isError ? (
        <p role="alert">{detail.error.message}</p>
      ) : (
        <CharacterSections
          key={detail.data.character.id_character}
          character={detail.data.character}
          abilities={detail.data.abilities}
          focusEdit={Boolean((location.state as { edit?: boolean } | null)?.edit)}
        />
      )}
    </ModalRoute>
  );
}

function CharacterSections({
  character,
  abilities,
  focusEdit,
}: {
  character: Character;
  abilities: CharacterAbility[];
  focusEdit: boolean;
}) {
  return (
    <div className={styles.sections}>
      <dl className={styles.facts} aria-label="Character facts">
        <div>
          <dt>Player</dt>
          <dd>
            {character.player_name} ({character.user_camnum})
          </dd>
        </div>
        <div>
          <dt>VSS</dt>
          <dd>{vssStatusLabel(character.vss_status)}</dd>
        </div>
        <div>
          <dt>XP balance</dt>
          <dd data-testid="xp-balance">{character.xp_balance}</dd>
        </div>
        <div>
          <dt>Applications</dt>
          <dd>{character.app_count}</dd>
        </div>
      </dl>
      <OverviewSection character={character} canEdit={abilities.includes('edit')} focusEdit={focusEdit} />
      <JustificationSection character={character} canEdit={abilities.includes('edit')} />
      <ExperienceLogSection character={character} canLog={abilities.includes('logXp')} canVoid={abilities.includes('voidXp')} />
      <ApplicationsSection character={character} canAdd={abilities.includes('addApproval')} />
    </div>
  );
}
