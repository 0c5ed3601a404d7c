// Issue 28: scheduling a game for a venue (?venue=) or a domain-wide event (?domain=): one date, or a series.
import { GAME_RECURRENCES, HELPER_PRESTIGE_REASONS, MAX_SERIES_OCCURRENCES } from '@guildhall/shared/constants';
import { type GameAdd, type GameAddInput, gameAddSchema } from '@guildhall/shared/schemas/games';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../components/field';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { SectionPage } from '../../components/section-page';
import { useScheduleGame } from './api';
import styles from './games.module.css';

const RECURRENCE_LABELS: Record<(typeof GAME_RECURRENCES)[number], string> = {
  weekly: 'Every week',
  every_other_week: 'Every other week',
  monthly_nth_weekday: 'Monthly, same weekday of the month',
};

export function ScheduleGamePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const schedule = useScheduleGame();
  const venue = params.get('venue') ?? undefined;
  const domain = params.get('domain') ?? undefined;
  const defaults: GameAddInput = {
    id_venue: venue,
    id_location: venue ? undefined : domain,
    game_name: '',
    date: '',
    start_time: '19:00',
    end_time: '23:00',
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    place: '',
    capacity: '',
    description: '',
    xp_award: '',
    prestige_points: 0,
    prestige_category: 'Event Services',
    prestige_reason: 'Game staff',
    recurrence: '' as never,
    occurrences: '',
  };
  const game = useApiForm<GameAddInput, GameAdd>({
    schema: gameAddSchema,
    defaultValues: defaults,
    submit: (values) => schedule.mutateAsync(values),
    success: 'The game was scheduled',
    failure: 'Failed to schedule the game',
    onSuccess: () => navigate(venue ? `/games?venue=${venue}` : '/games'),
  });
  const { errors } = game.formState;
  const text = (name: keyof GameAddInput, label: string, type = 'text', hint?: string) => (
    <Field label={label} error={errors[name]?.message} hint={hint}>
      <input type={type} autoComplete="off" {...game.register(name)} />
    </Field>
  );
  return (
    <SectionPage heading="GAMES">
      <form onSubmit={game.onSubmit} noValidate aria-label="Schedule a game" className={styles.card}>
        <h2>Schedule a game</h2>
        {errors.id_venue ? (
          <p role="alert" className={form.error}>
            {errors.id_venue.message}
          </p>
        ) : null}
        <div className={form.grid}>
          {text('game_name', 'Name')}
          {text('date', 'Date', 'date')}
          {text('start_time', 'Starts', 'time')}
          {text('end_time', 'Ends', 'time', 'An end before the start is the next day.')}
          {text('time_zone', 'Time zone', 'text', 'For example Europe/Berlin')}
          {text('place', 'Place')}
          {text('capacity', 'Players (empty: no limit)', 'number')}
          {text('xp_award', 'XP for attending (empty: as the last game)', 'number')}
          {text('prestige_points', 'Prestige for helpers', 'number')}
          <Field label="Helpers' prestige reason" error={errors.prestige_reason?.message}>
            <select {...game.register('prestige_reason')}>
              {HELPER_PRESTIGE_REASONS.map((reason) => (
                <option key={reason}>{reason}</option>
              ))}
            </select>
          </Field>
          <Field label="Repeats" error={errors.recurrence?.message}>
            <select {...game.register('recurrence')}>
              <option value="">Does not repeat</option>
              {GAME_RECURRENCES.map((rule) => (
                <option key={rule} value={rule}>
                  {RECURRENCE_LABELS[rule]}
                </option>
              ))}
            </select>
          </Field>
          {text('occurrences', `Number of games (2 to ${MAX_SERIES_OCCURRENCES})`, 'number')}
        </div>
        <Field label="Description" error={errors.description?.message}>
          <textarea rows={5} {...game.register('description')} />
        </Field>
        <div className={form.actions}>
          <SubmitButton busy={game.busy} label="Schedule" busyLabel="Scheduling…" />
        </div>
      </form>
    </SectionPage>
  );
}
