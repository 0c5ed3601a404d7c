// Issue 28: the Games page — the member's next games and the upcoming games of their domain (or of one venue).
import { Link, useSearchParams } from 'react-router';
import { GamesList } from '../../components/games-list';
import { SectionPage } from '../../components/section-page';
import { useAuth } from '../../lib/auth';
import styles from './games.module.css';

export function GamesPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const venue = Number(params.get('venue')) || undefined;
  return (
    <SectionPage heading="GAMES">
      <div className={styles.columns}>
        <section aria-labelledby="my-next-games">
          <h2 id="my-next-games">My next games</h2>
          <GamesList query={{ mine: 'yes', count: 10 }} label="My next games" empty="You have not signed up for a game yet." />
        </section>
        <section aria-labelledby="upcoming-games">
          <h2 id="upcoming-games">{venue ? "This venue's upcoming games" : 'Upcoming games in your domain'}</h2>
          {venue ? (
            <p>
              <Link to={`/games/new?venue=${venue}`}>Schedule a game</Link>
            </p>
          ) : null}
          <GamesList
            query={venue ? { venue, count: 20 } : { location: user?.id_location ?? undefined, count: 20 }}
            label="Upcoming games"
            empty="No game is scheduled."
          />
        </section>
      </div>
    </SectionPage>
  );
}
