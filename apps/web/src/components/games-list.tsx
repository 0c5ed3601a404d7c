// Issue 28: a short list of games (the Overview's "Next games", a venue's upcoming games, the Games page), each a
// link to its page, with loading, empty and error states.
import type { Game } from '@guildhall/shared/schemas/games';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatGameTime } from '../lib/game-time';
import { gamesQuery } from '../lib/queries';
import styles from './games-list.module.css';

const STATUS: Record<Game['status'], string | null> = { scheduled: null, cancelled: 'Cancelled', closed: 'Closed' };

function signupText(game: Game): string | null {
  const mine = game.my_signup;
  if (!mine || mine.status === 'cancelled') return null;
  if (mine.status === 'waiting') return `Waiting list #${mine.waiting_place ?? '?'}`;
  return mine.role === 'helper' ? 'Going as helper' : `Going${mine.character_name ? ` as ${mine.character_name}` : ''}`;
}

export function GamesList({
  query,
  empty,
  label,
  after = true,
}: {
  query: Parameters<typeof gamesQuery>[0];
  empty: string;
  label: string;
  /** Asked for only once this is true: a page's own figures first. */
  after?: boolean;
}) {
  const games = useQuery({ ...gamesQuery(query), enabled: after });
  if (games.isPending) return <p aria-busy="true">Loading games…</p>;
  if (games.isError) return <p role="alert">The games could not be loaded: {games.error.message}</p>;
  if (games.data.rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {games.data.rows.map((game) => {
        const status = STATUS[game.status];
        const mine = signupText(game);
        return (
          <li key={game.id_game} className={styles.game}>
            <Link to={`/games/${game.id_game}`} className={styles.name}>
              {game.game_name}
            </Link>
            <span>{formatGameTime(game)}</span>
            <span className={styles.where}>
              {game.place} · {game.venue_name ?? game.location_name}
            </span>
            {status || mine ? <span className={styles.badge}>{status ?? mine}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
