// The page an unsubscribe link opens: GET asks (a link checker's visit changes nothing), POST confirms.
import { MAIL_KIND_LABELS } from '@guildhall/shared/schemas/mail';
import { escapeHtml } from './mail.render';

type Kind = keyof typeof MAIL_KIND_LABELS;

export function unsubscribePage(society: string, state: { ask: string } | { done: Kind[] }): string {
  const body =
    'ask' in state
      ? `<h1>Stop these e-mails?</h1>
<p>You will no longer receive this kind of e-mail from ${escapeHtml(society)}. Notices in the portal are not affected.</p>
<form method="post" action="${escapeHtml(state.ask)}"><button type="submit">Unsubscribe</button></form>`
      : `<h1>You are unsubscribed</h1>
<p>${
          state.done.length
            ? `No more e-mails about: ${state.done.map((k) => escapeHtml(MAIL_KIND_LABELS[k])).join(', ')}.`
            : 'Nothing more to stop.'
        } You can change this on your Profile page.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(society)}: e-mail</title></head><body><main>${body}</main></body></html>`;
}
