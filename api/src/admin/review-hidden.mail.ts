import escapeHtml from 'escape-html';
import type { MailMessage } from '../mail/mail.service.js';

export interface ReviewHiddenNotice {
  to: string;
  authorName: string;
  gameTitle: string;
  reason: string;
  siteName: string;
}

/**
 * The statement of reasons the EU Digital Services Act (art. 17) requires when content is restricted:
 * what was done, why (the moderator's own words), and that the author may reply.
 */
export function reviewHiddenMail(notice: ReviewHiddenNotice): MailMessage {
  const subject = `Hemos ocultado tu crítica de ${notice.gameTitle}`;
  const text =
    `Hola, ${notice.authorName}:\n\n` +
    `Tras revisar una denuncia, hemos ocultado tu crítica de «${notice.gameTitle}» en ${notice.siteName}. ` +
    `Ya no aparece en las listas del sitio ni cuenta en tu número de críticas.\n\n` +
    `Motivo de la decisión:\n${notice.reason}\n\n` +
    `La decisión la ha tomado una persona del equipo de moderación, no un sistema automático. ` +
    `Si no estás de acuerdo, responde a este correo explicando por qué y la revisaremos.\n`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>Hola, ${escapeHtml(notice.authorName)}:</p>` +
    `<p>Tras revisar una denuncia, hemos ocultado tu crítica de «${escapeHtml(notice.gameTitle)}» en ` +
    `${escapeHtml(notice.siteName)}. Ya no aparece en las listas del sitio ni cuenta en tu número de críticas.</p>` +
    `<p><strong>Motivo de la decisión:</strong></p>` +
    `<blockquote style="white-space:pre-wrap">${escapeHtml(notice.reason)}</blockquote>` +
    `<p>La decisión la ha tomado una persona del equipo de moderación, no un sistema automático. ` +
    `Si no estás de acuerdo, responde a este correo explicando por qué y la revisaremos.</p>` +
    `</body></html>`;
  return { to: notice.to, subject, text, html };
}
