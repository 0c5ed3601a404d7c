// E-mail (issue 25): the kinds of message a member receives, how each reaches them, and the outbox as
// administrators see it.
import { z } from 'zod';
import { pagingQuery } from './envelope';

/** Kinds a member chooses for; 'account' (set-password and reset links) always goes at once and cannot be stopped. */
export const MAIL_KINDS = ['approval', 'character', 'transfer', 'membership', 'position', 'prestige', 'game'] as const;
export type MailKind = (typeof MAIL_KINDS)[number] | 'account' | 'digest';
export const MAIL_DELIVERIES = ['immediately', 'digest', 'never'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** Officers' work, reminders and games (a cancelled or moved game, a place opened) at once; news in the daily digest. */
export const DEFAULT_MAIL_DELIVERY: Record<(typeof MAIL_KINDS)[number], MailDelivery> = {
  approval: 'immediately',
  character: 'immediately',
  transfer: 'immediately',
  membership: 'immediately',
  position: 'digest',
  prestige: 'digest',
  game: 'immediately',
};

export const MAIL_KIND_LABELS: Record<(typeof MAIL_KINDS)[number], string> = {
  approval: 'Applications awaiting you or decided',
  character: 'Characters accepted or rejected',
  transfer: 'Domain transfers',
  membership: 'Membership renewals and expiry',
  position: 'Posts you hold',
  prestige: 'Prestige awarded',
  game: 'Games you signed up for',
};

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held', 'digested'] as const;

export const mailPreferenceSchema = z.object({
  kind: z.enum(MAIL_KINDS),
  delivery: z.enum(MAIL_DELIVERIES),
});
export const mailPreferencesSchema = z.object({
  preferences: z.array(mailPreferenceSchema),
  /** The member's address is marked undeliverable: nothing is sent until they change or confirm it. */
  bouncing: z.boolean(),
  email: z.string().nullable(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const mailPreferencesUpdateSchema = z.object({
  preferences: z.array(mailPreferenceSchema).min(1).max(MAIL_KINDS.length),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuery = pagingQuery(['created_at'] as const, 'created_at', 'desc').extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
});

/** An unsubscribe link's token: 43 base64url characters. */
export const unsubscribeParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'is not a known link' }) });
