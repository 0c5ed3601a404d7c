// Chooses who a recommendation is for: another member found by name or membership number, or oneself when
// the API allows it (administrators; issue 23).
// Choosing a member replaces the list with the choice, so keyboard focus moves to its Change button (and
// from Change back to the search box) instead of falling to the page.
import { useEffect, useId, useRef, useState } from 'react';
import styles from './prestige.module.css';
import { type MemberMatch, useMemberSearch } from './api';

export function MemberPicker({
  selfId,
  maySelf,
  value,
  onChange,
  error,
}: {
  selfId: number;
  /** Whether 'Myself' is offered: without it the picker is the search alone. */
  maySelf: boolean;
  value: MemberMatch | null;
  onChange: (member: MemberMatch | null) => void;
  error?: string | undefined;
}) {
  const [chosenMode, setMode] = useState<'self' | 'other'>(value ? 'other' : 'self');
  const mode = maySelf ? chosenMode : 'other';
  const [term, setTerm] = useState('');
  const search = useMemberSearch(mode === 'other' ? term : '');
  const id = useId();
  const changeButton = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const focusNext = useRef<'change' | 'search' | null>(null);
  // After every render; it acts only when a choice asked for focus to move.
  useEffect(() => {
    const target = focusNext.current === 'change' ? changeButton.current : focusNext.current === 'search' ? searchBox.current : null;
    focusNext.current = null;
    target?.focus();
  });
  const choose = (member: MemberMatch | null) => {
    focusNext.current = member ? 'change' : 'search';
    onChange(member);
  };
  return (
    <fieldset className={styles.picker} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Member</legend>
      {maySelf ? (
        <>
          <label className={styles.radio}>
            <input
              type="radio"
              name={`${id}-who`}
              checked={mode === 'self'}
              onChange={() => {
                setMode('self');
                onChange(null);
              }}
            />{' '}
            Myself
          </label>
          <label className={styles.radio}>
            <input type="radio" name={`${id}-who`} checked={mode === 'other'} onChange={() => setMode('other')} /> Another member
          </label>
        </>
      ) : null}
      {mode === 'self' ? null : value ? (
        <p className={styles.chosen}>
          {value.user_fname} {value.user_lname} · {value.user_camnum}{' '}
          <button ref={changeButton} type="button" className={styles.linkButton} onClick={() => choose(null)}>
            Change
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-search`} className={styles.searchLabel}>
            Search by name or membership number
          </label>
          <input
            ref={searchBox}
            id={`${id}-search`}
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            autoComplete="off"
          />
          {term.trim().length >= 2 ? (
            <ul className={styles.results} aria-label="Matching members">
              {search.isError ? <li role="alert">{search.error.message}</li> : null}
              {search.data?.rows.length === 0 ? <li>No result</li> : null}
              {search.data?.rows
                .filter((m) => m.id_user !== selfId)
                .map((member) => (
                  <li key={member.id_user}>
                    <button type="button" onClick={() => choose(member)}>
                      {member.user_fname} {member.user_lname} · {member.user_camnum}
                    </button>
                  </li>
                ))}
            </ul>
          ) : null}
        </>
      )}
      {error ? (
        <small id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
