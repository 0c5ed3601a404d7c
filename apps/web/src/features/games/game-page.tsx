// Issue 28: a game — when and where, its plain-text description, sign-up with a character (or as helper), and for
// those who run it: the check-in page, cancelling and closing.
import type { Game } from '@guildhall/shared/schemas/games';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { NotFoundPage } from '../../components/not-found';
import form from '../../components/form.module.css';
import { SectionPage } from '../../components/section-page';
import { useAuth } from '../../lib/auth';
import { formatGameTime } from '../../lib/game-time';
import { useRouteId } from '../../lib/route-id';
import { useCancelGame, useCloseGame, useGame, usePlayableCharacters, useSignUp, useWithdraw } from './api';
import styles from './games.module.css';

/** Runs a game action and says how it went. */
const reported = <T,>(action: Promise<T>, success: (result: T) => string, failure: string) =>
  action.then(
    (result) => toast.success(success(result)),
    (error: Error) => toast.error(error.message || failure),
  );

export function GamePage() {
  const id = useRouteId();
  return <SectionPage heading="GAMES">{id === null ? <NotFoundPage /> : <GameLoader id={id} />}</SectionPage>;
}

function GameLoader({ id }: { id: number }) {
  const game = useGame(id);
  return (
    <>
      {game.isPending ? <p aria-busy="true">Loading the game…</p> : null}
      {game.isError ? <p role="alert">The game could not be loaded: {game.error.message}</p> : null}
      {game.data ? <GameDetail game={game.data} /> : null}
    </>
  );
}

function GameDetail({ game }: { game: Game }) {
  const can = (ability: Game['abilities'][number]) => game.abilities.includes(ability);
  return (
    <article className={styles.card} aria-labelledby="game-name">
      <h2 id="game-name">{game.game_name}</h2>
      {game.status !== 'scheduled' ? <p className={styles.status}>{game.status === 'cancelled' ? 'Cancelled' : 'Closed'}</p> : null}
      <dl className={styles.facts}>
        <dt>When</dt>
        <dd>{formatGameTime(game)}</dd>
        <dt>Where</dt>
        <dd>{game.place}</dd>
        <dt>{game.venue_name ? 'Venue' : 'Domain'}</dt>
        <dd>{game.venue_name ?? game.location_name}</dd>
        <dt>Places</dt>
        <dd>
          {game.going} going{game.capacity ? ` of ${game.capacity}` : ''}
          {game.waiting ? `, ${game.waiting} waiting` : ''}
        </dd>
        <dt>Attending earns</dt>
        <dd>{game.xp_award} XP</dd>
      </dl>
      {game.description ? <p className={styles.description}>{game.description}</p> : null}
      <SignupPanel game={game} canSignUp={can('signUp')} />
      {can('checkIn') || can('close') || can('cancel') || can('correct') ? <RunPanel game={game} /> : null}
    </article>
  );
}

function SignupPanel({ game, canSignUp }: { game: Game; canSignUp: boolean }) {
  const { user } = useAuth();
  const characters = usePlayableCharacters(user?.id_user ?? 0, game);
  const signUp = useSignUp(game.id_game);
  const withdraw = useWithdraw(game.id_game);
  const [choice, setChoice] = useState('');
  const mine = game.my_signup && game.my_signup.status !== 'cancelled' ? game.my_signup : null;
  const join = async () => {
    const helper = choice === 'helper';
    if (!helper && !choice) {
      toast.error('Choose a character or helper');
      return;
    }
    try {
      const { status } = await signUp.mutateAsync(helper ? { role: 'helper' } : { role: 'player', id_character: Number(choice) });
      toast.success(status === 'going' ? 'You are signed up' : 'The game is full: you are on the waiting list');
    } catch (error) {
      toast.error((error as Error).message || 'Failed to sign up');
    }
  };
  return (
    <section aria-labelledby="my-signup" className={styles.panel}>
      <h3 id="my-signup">Your sign-up</h3>
      {mine ? (
        <p>
          {mine.status === 'waiting'
            ? `You are on the waiting list (#${mine.waiting_place ?? '?'}).`
            : mine.role === 'helper'
              ? 'You are going as a helper.'
              : `You are going as ${mine.character_name ?? 'your character'}.`}
        </p>
      ) : (
        <p>You have not signed up.</p>
      )}
      {canSignUp ? (
        <div className={styles.signup}>
          <Field
            label="Come as"
            hint={
              characters.data?.length === 0
                ? `None of your characters is accepted on ${game.id_venue === null ? "a style sheet of this game's domain" : 'this style sheet'}.`
                : undefined
            }
          >
            <select value={choice} onChange={(event) => setChoice(event.target.value)} disabled={characters.isPending}>
              <option value="">Choose…</option>
              {characters.data?.map((c) => (
                <option key={c.id_character} value={c.id_character}>
                  {c.character_name}
                </option>
              ))}
              <option value="helper">Helper (staff or NPC)</option>
            </select>
          </Field>
          <div className={form.actions}>
            <ActionButton className={form.primary} onClick={join} pending={signUp.isPending}>
              {mine ? 'Change sign-up' : 'Sign up'}
            </ActionButton>
            {mine ? (
              <ActionButton
                className={form.secondary}
                pending={withdraw.isPending}
                onClick={() => reported(withdraw.mutateAsync(), () => 'You withdrew from the game', 'Failed to withdraw')}
              >
                Withdraw
              </ActionButton>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function RunPanel({ game }: { game: Game }) {
  const close = useCloseGame(game.id_game);
  const cancel = useCancelGame(game.id_game);
  const [confirming, setConfirming] = useState<'close' | 'cancel' | null>(null);
  const can = (ability: Game['abilities'][number]) => game.abilities.includes(ability);
  // Neither can be undone: closing posts XP and prestige, cancelling tells everyone signed up.
  const confirm =
    confirming === 'close'
      ? {
          title: 'Close this game?',
          description: `${game.checked_in} checked in: each earns the game's XP and prestige now. This cannot be undone; the attendance can still be corrected for 14 days.`,
          label: 'Close the game',
          busy: close.isPending,
          run: () =>
            reported(
              close.mutateAsync(),
              (r) => `The game is closed: ${r.xp_entries} XP entries and ${r.prestige_entries} prestige awards posted`,
              'Failed to close the game',
            ),
        }
      : {
          title: 'Cancel this game?',
          description: 'Everyone signed up is told. This cannot be undone.',
          label: 'Cancel this game',
          busy: cancel.isPending,
          run: () => reported(cancel.mutateAsync(), () => 'The game is cancelled', 'Failed to cancel the game'),
        };
  return (
    <section aria-labelledby="run-game" className={styles.panel}>
      <h3 id="run-game">Run the game</h3>
      <p>
        {game.checked_in} checked in. {can('checkIn') ? <Link to={`/games/${game.id_game}/check-in`}>Open the check-in page</Link> : null}
        {can('correct') ? <Link to={`/games/${game.id_game}/check-in`}>Correct the attendance</Link> : null}
      </p>
      <div className={form.actions}>
        {can('close') && game.status === 'scheduled' ? (
          <button type="button" className={form.primary} onClick={() => setConfirming('close')}>
            Close the game
          </button>
        ) : null}
        {can('cancel') ? (
          <button type="button" className={form.danger} onClick={() => setConfirming('cancel')}>
            Cancel this game
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={confirm.label}
        busy={confirm.busy}
        onConfirm={() => confirm.run().finally(() => setConfirming(null))}
      />
    </section>
  );
}
