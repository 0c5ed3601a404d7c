// The administrators' outbox page: every message with its status and, for a failure, the reason.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { OutboxMessage, outboxQuery } from '@guildhall/shared/schemas/mail';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mailOutbox, pagedList, totalKeyOf, type Db } from '../../db/index';

export async function listOutbox(db: Db, query: z.infer<typeof outboxQuery>): Promise<ListResult<OutboxMessage>> {
  const where = query.status ? eq(mailOutbox.status, query.status) : undefined;
  const { rows, count: total } = await pagedList(db, query, {
    totalKey: totalKeyOf('outbox', query),
    rows: () => db.select().from(mailOutbox).where(where).$dynamic(),
    count: () => db.select({ n: count() }).from(mailOutbox).where(where),
    sortable: { created_at: mailOutbox.created_at },
    tieBreak: mailOutbox.id,
  });
  return {
    rows: rows.map((m) => ({
      id: m.id,
      recipient: m.recipient,
      kind: m.kind,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      last_error: m.last_error,
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
    })),
    count: total,
  };
}
