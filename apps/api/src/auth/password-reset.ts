// Issue 23: the "Forgot password?" pages of the embedded provider. The answer is the same whether or not the
// address is known, and comes after the same work (one look-up): the link is issued and delivered afterwards.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index';
import { AppError } from '../errors';
import { findResetMember, sendPasswordReset } from './password-reset.service';
import type { SignInLimits } from './sign-in-limits';
import { forgotPasswordPage, resetRequestedPage } from './sso-page';

const form = z.object({ email: z.string().max(320).default('') });

export function registerPasswordReset(
  app: FastifyInstance,
  opts: { db: Db; limits: SignInLimits; publicUrl: string; production: boolean },
) {
  // Deliveries still running when the server stops are waited for, so no link is issued half-way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  app.get('/forgot-password', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store').type('text/html');
    return forgotPasswordPage();
  });

  app.post('/forgot-password', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/html');
    const parsed = form.safeParse(req.body ?? {});
    const email = parsed.success ? parsed.data.email.trim() : '';
    if (!email) return reply.code(400).send(forgotPasswordPage({ error: 'Please enter your email address.' }));
    try {
      await opts.limits.takeResetTurn(req.ip);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
      if (error.headers) reply.headers(error.headers);
      return reply.code(429).send(forgotPasswordPage({ email, error: error.message }));
    }
    const member = await findResetMember(opts.db, email);
    if (member) {
      const delivery = sendPasswordReset(opts.db, member, {
        publicUrl: opts.publicUrl,
        log: app.log,
        production: opts.production,
        mailServer: app.mailer.kind === 'smtp',
      })
        .catch((error: unknown) => app.log.error({ err: error, id_user: member.id_user }, 'password reset link could not be issued'))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
    return resetRequestedPage();
  });
}
