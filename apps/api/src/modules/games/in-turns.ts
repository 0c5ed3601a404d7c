// Writes for one game that arrive while the game's earlier ones are being written wait for them, then go together:
// one transaction, one turn on the game's locked row and one commit for all that waited (decision 131).
import { type Db, oncePerDatabase, requestScope } from '../../db/index';

type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

/**
 * `writeTurn(db, items)` writes the items that waited together and answers each one's result, or the Error that item
 * alone fails with, in their order. The returned function queues one item behind the key's turn being written; the
 * first to find no turn writes until nobody waits. Turns run outside any request's scope, so a client that hangs up
 * does not cancel its neighbours' writes (db/request-scope.ts).
 */
export function inTurns<T, R>(writeTurn: (db: Db, items: T[]) => Promise<(R | Error)[]>): (db: Db, key: number, item: T) => Promise<R> {
  const queues = oncePerDatabase(() => new Map<number, Waiting<T, R>[]>());
  const writeAll = async (db: Db, key: number, queue: Waiting<T, R>[]) => {
    while (queue.length > 0) {
      const turn = queue.splice(0);
      const results = await writeTurn(
        db,
        turn.map((waiting) => waiting.item),
      ).catch((error: Error) => turn.map(() => error));
      turn.forEach((waiting, i) => {
        const result = results[i];
        if (result instanceof Error) waiting.reject(result);
        else waiting.resolve(result as R);
      });
    }
    queues(db).delete(key);
  };
  return (db, key, item) =>
    new Promise<R>((resolve, reject) => {
      const queue = queues(db).get(key);
      if (queue) return void queue.push({ item, resolve, reject });
      const started = [{ item, resolve, reject }];
      queues(db).set(key, started);
      requestScope.exit(() => void writeAll(db, key, started));
    });
}
