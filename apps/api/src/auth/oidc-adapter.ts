// oidc-provider storage in the database (STACK.md): sessions, codes and grants survive a restart and are
// shared by every API process.
import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { oidcPayloads, type Db } from '../db/index';

export function databaseAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const row = {
        model: this.model,
        id,
        payload,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { ...row, consumed_at: null } });
    }

    // A key a client sent (a request_uri, a code) may hold a NUL character, which no text column can: no record has it,
    // and PostgreSQL would refuse the query rather than find nothing.
    async findBy(column: typeof oidcPayloads.id | typeof oidcPayloads.user_code | typeof oidcPayloads.uid, key: string) {
      if (key.includes('\u0000')) return undefined;
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, this.model),
            eq(column, key),
            sql`(${oidcPayloads.expires_at} is null or ${oidcPayloads.expires_at} > now())`,
          ),
        )
        .limit(1);
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findBy(oidcPayloads.id, id);
    }

    findByUserCode(userCode: string) {
      return this.findBy(oidcPayloads.user_code, userCode);
    }

    findByUid(uid: string) {
      return this.findBy(oidcPayloads.uid, uid);
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumed_at: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grant_id, grantId));
    }
  };
}

/** Removes expired provider records; called now and then by the server. */
export async function pruneExpiredOidcPayloads(db: Db) {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.expires_at} < now() - interval '1 hour'`);
}
