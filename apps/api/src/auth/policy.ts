// Authorization written once (STYLE §3a, after outline's server/policies): each module's <area>.policy.ts
// names its actions and decides each for an actor and a record. Routes call `assert` (never a role test of
// their own) and send `abilities` with the record, so the SPA shows exactly what the API would allow.
import type { Db } from '../db/index';
import type { AppError } from '../errors';
import type { Actor } from './actor';

export type Rule<R> = (actor: Actor, record: R, db: Db) => boolean | Promise<boolean>;

export interface Policy<A extends string, R> {
  can(db: Db, actor: Actor, action: A, record: R): Promise<boolean>;
  /** Throws the policy's 403 for the action when the actor may not. */
  assert(db: Db, actor: Actor, action: A, record: R): Promise<void>;
  /** Which of `actions` the actor may take on the record: the record's `extra.abilities`. */
  abilities<B extends A>(db: Db, actor: Actor, record: R, actions: readonly B[]): Promise<B[]>;
}

export function definePolicy<A extends string, R>(rules: Record<A, Rule<R>>, denied: (action: A) => AppError): Policy<A, R> {
  const can = async (db: Db, actor: Actor, action: A, record: R) => Boolean(await rules[action](actor, record, db));
  return {
    can,
    async assert(db, actor, action, record) {
      if (!(await can(db, actor, action, record))) throw denied(action);
    },
    async abilities(db, actor, record, actions) {
      const allowed = await Promise.all(actions.map((action) => can(db, actor, action, record)));
      return actions.filter((_, i) => allowed[i]);
    },
  };
}
