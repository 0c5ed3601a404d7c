// A message as it leaves: the society's name in the subject, a link to the page it is about, text and HTML
// (every part of the body escaped: comments, responses and names are member-written), no tracking, and
// RFC 8058 one-click unsubscribe headers when the member may stop the kind.
export interface RenderSettings {
  societyName: string;
  publicUrl: string;
}

export interface StoredMail {
  id: number;
  created_at: Date;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  link: string | null;
  unsubscribe_token: string | null;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/mail/unsubscribe/${token}`;

const absolute = (publicUrl: string, link: string) =>
  /^https?:\/\//.test(link) ? link : `${publicUrl}${link.startsWith('/') ? '' : '/'}${link}`;

export function renderMail(mail: StoredMail, settings: RenderSettings) {
  const link = mail.link ? absolute(settings.publicUrl, mail.link) : null;
  const unsubscribe = mail.unsubscribe_token ? unsubscribeUrl(settings.publicUrl, mail.unsubscribe_token) : null;
  const footer = unsubscribe
    ? `You receive this as a member of ${settings.societyName}. Choose which e-mails you get on your Profile page, or stop this kind of e-mail: ${unsubscribe}`
    : `You receive this as a member of ${settings.societyName}.`;
  const text = [mail.body, ...(link ? [`Open it in the portal: ${link}`] : []), '--', footer].join('\n\n');
  const paragraphs = mail.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = [
    '<!doctype html><html><body>',
    paragraphs,
    link ? `<p><a href="${escapeHtml(link)}">Open it in the portal</a></p>` : '',
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer).replace(
      escapeHtml(unsubscribe ?? '\u0000'),
      `<a href="${escapeHtml(unsubscribe ?? '')}">${escapeHtml(unsubscribe ?? '')}</a>`,
    )}</p>`,
    '</body></html>',
  ].join('\n');
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  const messageId = `<outbox-${mail.id}-${mail.created_at.getTime()}@${new URL(settings.publicUrl).hostname}>`;
  return { to: mail.recipient, subject: `${settings.societyName}: ${mail.subject}`, text, html, headers, messageId };
}
