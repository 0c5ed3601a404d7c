// How a member's name is shown: first, middle, last (SPEC §2 Overview 'Name line').

export interface PersonNameLike {
  user_fname?: string | null;
  user_mname?: string | null;
  user_lname?: string | null;
}

export function fullName(person: PersonNameLike | null | undefined): string {
  if (!person) return '';
  return [person.user_fname, person.user_mname, person.user_lname]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

export function initials(person: PersonNameLike | null | undefined): string {
  if (!person) return '';
  return [person.user_fname, person.user_lname].map((part) => part?.trim().charAt(0).toUpperCase() ?? '').join('');
}
