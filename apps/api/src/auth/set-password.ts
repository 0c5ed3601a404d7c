// Issue 13: the one-time set-password link a new member gets from an administrator (embedded SSO only), and
// issue 23's reset link a member asks for. An administrator's link lives 72 hours, a reset link one; each works
// once and ends the member's sessions; the page is the provider's own look, with the shared password rules.
import { checkPassword as checkStrength } from '@guildhall/shared/rules/password-strength';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userEmails, users, type Db } from '../db/index';
import { findLink, useLink } from '../modules/administration/members.service';
import { hashPassword } from './passwords';
import { messagePage, passwordSetPage, setPasswordPage } from './sso-page';

const form = z.object({ password: z.string().max(1024).default(''), confirm: z.string().max(1024).default('') });
const params = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const EXPIRED = () =>
  messagePage(
    'Link expired',
    'This set-password link has expired or was already used. Ask for a new one with "Forgot password?" on the sign-in page, or ask an administrator.',
  );

export function registerSetPassword(app: FastifyInstance, db: Db) {
  app.get<{ Params: { token: string } }>('/set-password/:token', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/html');
    const token = params.safeParse(req.params);
    if (!token.success || (await findLink(db, token.data.token)) === 'invalid') return reply.code(410).send(EXPIRED());
    return setPasswordPage({ action: `/set-password/${token.data.token}` });
  });

  app.post<{ Params: { token: string } }>('/set-password/:token', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/html');
    const token = params.safeParse(req.params);
    const link = token.success ? await findLink(db, token.data.token) : 'invalid';
    if (!token.success || link === 'invalid') return reply.code(410).send(EXPIRED());
    const action = `/set-password/${token.data.token}`;
    const parsed = form.safeParse(req.body ?? {});
    const { password, confirm } = parsed.success ? parsed.data : { password: '', confirm: '' };
    if (!password) return reply.code(400).send(setPasswordPage({ action, error: 'Please enter a new password.' }));
    if (password !== confirm) return reply.code(400).send(setPasswordPage({ action, error: 'The two passwords differ.' }));
    const [member] = await db
      .select({ fname: users.user_fname, lname: users.user_lname, nick: users.user_nick, email: userEmails.email })
      .from(users)
      .leftJoin(userEmails, eq(userEmails.id_user, users.id_user))
      .where(eq(users.id_user, link.id_user))
      .limit(1);
    const personal = [member?.fname, member?.lname, member?.nick, member?.email?.split('@')[0]].filter((v): v is string => Boolean(v));
    const strength = checkStrength(password, personal);
    if (!strength.acceptable) return reply.code(400).send(setPasswordPage({ action, error: strength.problems[0] }));
    if (!(await useLink(db, token.data.token, await hashPassword(password)))) return reply.code(410).send(EXPIRED());
    return passwordSetPage();
  });
}
