/**
 * Every e-mail the site sends, by name, with the data it needs (typed: a template and its data travel
 * together, through the API's calls and through the send-mail job). Spanish from Spain; each template
 * gives its subject, its plain-text part and its HTML body (Handlebars: `{{value}}` is escaped in HTML,
 * the text part is written as it is). The site's name, URL and contact address are filled in for all.
 */
export interface MailTemplateData {
  /** After registering, or when the first link was lost. */
  'confirm-account': { username: string; link: string };
  /** A forgotten password. */
  'reset-password': { username: string; link: string };
  /** Sent to the new address of an e-mail change: the change happens when the link is opened. */
  'confirm-new-email': { username: string; link: string };
  /** Sent to the current address when a change to another one is asked for. */
  'email-change-requested': { username: string; newEmail: string };
  /** Sent to the former address once the change is confirmed. */
  'email-changed': { username: string; newEmail: string };
  /** A single-use way in without the password, asked for while the account is under attack. */
  'login-link': { username: string; link: string };
  /** A review hidden after a report: the statement of reasons of the EU Digital Services Act (art. 17). */
  'review-hidden': { username: string; gameTitle: string; reason: string };
  /** One alert of a followed game ('Retrasado: 14-03-2027 → 02-06-2027'), sent at once. */
  alert: {
    username: string;
    gameTitle: string;
    text: string;
    gameUrl: string;
    coverUrl: string | null;
    settingsUrl: string;
    unsubscribeUrl: string;
  };
  /** The day's or the week's alerts of a user, grouped by game. */
  'alert-digest': {
    username: string;
    period: 'diario' | 'semanal';
    count: number;
    games: { gameTitle: string; gameUrl: string; lines: string[] }[];
    settingsUrl: string;
    unsubscribeUrl: string;
  };
  /** The operator's decision on a report of a game's languages, with its written reason. */
  'language-report-decided': { username: string; gameTitle: string; accepted: boolean; reason: string };
}

export type MailTemplateName = keyof MailTemplateData;

export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

/** The sources of each template; `siteName` and `contactEmail` are available to all. */
export const MAIL_TEMPLATES: { readonly [T in MailTemplateName]: MailTemplate } = {
  'confirm-account': {
    subject: 'Confirma tu cuenta de {{siteName}}',
    text:
      'Hola, {{username}}:\n\nConfirma tu correo electrónico abriendo este enlace (válido durante 24 horas):\n\n' +
      '{{link}}\n\nSi no has creado una cuenta en {{siteName}}, ignora este mensaje.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Confirma tu correo electrónico abriendo este enlace (válido durante 24 horas):</p>' +
      '{{> button}}' +
      '<p>Si no has creado una cuenta en {{siteName}}, ignora este mensaje.</p>',
  },
  'reset-password': {
    subject: 'Restablece tu contraseña de {{siteName}}',
    text:
      'Hola, {{username}}:\n\nPara elegir una contraseña nueva, abre este enlace (válido durante 1 hora, ' +
      'un solo uso):\n\n{{link}}\n\nSi no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Para elegir una contraseña nueva, abre este enlace (válido durante 1 hora, un solo uso):</p>' +
      '{{> button}}' +
      '<p>Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.</p>',
  },
  'confirm-new-email': {
    subject: 'Confirma tu nuevo correo de {{siteName}}',
    text:
      'Hola, {{username}}:\n\nPara que tu cuenta de {{siteName}} use esta dirección, abre este enlace ' +
      '(válido durante 24 horas):\n\n{{link}}\n\nSi no lo has pedido tú, ignora este mensaje.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Para que tu cuenta de {{siteName}} use esta dirección, abre este enlace (válido durante 24 horas):</p>' +
      '{{> button}}' +
      '<p>Si no lo has pedido tú, ignora este mensaje.</p>',
  },
  'email-change-requested': {
    subject: 'Cambio de correo en {{siteName}}',
    text:
      'Hola, {{username}}:\n\nSe ha pedido que tu cuenta de {{siteName}} use la dirección {{newEmail}}. ' +
      'El cambio solo se hará cuando se abra el enlace enviado a esa dirección; hasta entonces, y si no ' +
      'se abre, seguimos usando esta.\n\nSi no has sido tú, cambia tu contraseña cuanto antes.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Se ha pedido que tu cuenta de {{siteName}} use la dirección <strong>{{newEmail}}</strong>. ' +
      'El cambio solo se hará cuando se abra el enlace enviado a esa dirección; hasta entonces, y si no ' +
      'se abre, seguimos usando esta.</p>' +
      '<p>Si no has sido tú, cambia tu contraseña cuanto antes.</p>',
  },
  'email-changed': {
    subject: 'Tu correo de {{siteName}} ha cambiado',
    text:
      'Hola, {{username}}:\n\nTu cuenta de {{siteName}} usa desde ahora la dirección {{newEmail}}; ' +
      'esta ya no recibirá nuestros mensajes.\n\nSi no has sido tú, restablece tu contraseña y escríbenos a ' +
      '{{contactEmail}}.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Tu cuenta de {{siteName}} usa desde ahora la dirección <strong>{{newEmail}}</strong>; ' +
      'esta ya no recibirá nuestros mensajes.</p>' +
      '<p>Si no has sido tú, restablece tu contraseña y escríbenos a ' +
      '<a href="mailto:{{contactEmail}}">{{contactEmail}}</a>.</p>',
  },
  'login-link': {
    subject: 'Tu enlace de acceso a {{siteName}}',
    text:
      'Hola, {{username}}:\n\nPara entrar en tu cuenta sin contraseña, abre este enlace (válido durante ' +
      '15 minutos, un solo uso):\n\n{{link}}\n\nSi no lo has pedido tú, alguien está intentando entrar en tu ' +
      'cuenta: no compartas este enlace y, si quieres, cambia tu contraseña.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Para entrar en tu cuenta sin contraseña, abre este enlace (válido durante 15 minutos, un solo uso):</p>' +
      '{{> button}}' +
      '<p>Si no lo has pedido tú, alguien está intentando entrar en tu cuenta: no compartas este enlace y, si ' +
      'quieres, cambia tu contraseña.</p>',
  },
  'review-hidden': {
    subject: 'Hemos ocultado tu crítica de {{gameTitle}}',
    text:
      'Hola, {{username}}:\n\nTras revisar una denuncia, hemos ocultado tu crítica de «{{gameTitle}}» en ' +
      '{{siteName}}. Ya no aparece en las listas del sitio ni cuenta en tu número de críticas.\n\n' +
      'Motivo de la decisión:\n{{reason}}\n\nLa decisión la ha tomado una persona del equipo de moderación, ' +
      'no un sistema automático. Si no estás de acuerdo, escríbenos a {{contactEmail}} explicando por qué y ' +
      'la revisaremos.\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Tras revisar una denuncia, hemos ocultado tu crítica de «{{gameTitle}}» en {{siteName}}. ' +
      'Ya no aparece en las listas del sitio ni cuenta en tu número de críticas.</p>' +
      '<p><strong>Motivo de la decisión:</strong></p>' +
      '<blockquote style="white-space:pre-wrap;margin:0 0 16px;padding-left:12px;border-left:3px solid #d4d4d8">' +
      '{{reason}}</blockquote>' +
      '<p>La decisión la ha tomado una persona del equipo de moderación, no un sistema automático. ' +
      'Si no estás de acuerdo, escríbenos a <a href="mailto:{{contactEmail}}">{{contactEmail}}</a> ' +
      'explicando por qué y la revisaremos.</p>',
  },
  alert: {
    subject: '{{gameTitle}}: {{text}}',
    text:
      'Hola, {{username}}:\n\nNovedades de un juego que sigues:\n\n{{gameTitle}}\n{{text}}\n\n{{gameUrl}}\n' +
      '\n--\nCambia qué avisos recibes y cómo: {{settingsUrl}}\nDejar de recibir estos correos (un clic, sin entrar): {{unsubscribeUrl}}\n',
    html:
      '<p>Hola, {{username}}:</p><p>Novedades de un juego que sigues:</p>' +
      '{{#if coverUrl}}<p><img src="{{coverUrl}}" alt="{{gameTitle}}" width="120" style="border-radius:6px"></p>{{/if}}' +
      '<p style="font-size:18px;margin:0"><a href="{{gameUrl}}"><strong>{{gameTitle}}</strong></a></p>' +
      '<p style="font-size:16px;margin:4px 0 16px">{{text}}</p>' +
      '<p style="font-size:13px;color:#52525b;margin-top:24px"><a href="{{settingsUrl}}">Cambia qué avisos recibes' +
      '</a> · <a href="{{unsubscribeUrl}}">Dejar de recibir estos correos</a></p>',
  },
  'alert-digest': {
    subject: 'Tu resumen {{period}} de {{siteName}}: {{count}} novedades',
    text:
      'Hola, {{username}}:\n\nNovedades de los juegos que sigues:\n\n' +
      '{{#each games}}{{gameTitle}}\n{{#each lines}}- {{this}}\n{{/each}}{{gameUrl}}\n\n{{/each}}' +
      '\n--\nCambia qué avisos recibes y cómo: {{settingsUrl}}\nDejar de recibir estos correos (un clic, sin entrar): {{unsubscribeUrl}}\n',
    html:
      '<p>Hola, {{username}}:</p><p>Novedades de los juegos que sigues:</p>' +
      '{{#each games}}<p style="margin:16px 0 4px"><a href="{{gameUrl}}"><strong>{{gameTitle}}</strong></a></p>' +
      '<ul style="margin:0;padding-left:20px">{{#each lines}}<li>{{this}}</li>{{/each}}</ul>{{/each}}' +
      '<p style="font-size:13px;color:#52525b;margin-top:24px"><a href="{{settingsUrl}}">Cambia qué avisos recibes' +
      '</a> · <a href="{{unsubscribeUrl}}">Dejar de recibir estos correos</a></p>',
  },
  'language-report-decided': {
    subject: 'Tu aviso sobre los idiomas de {{gameTitle}}',
    text:
      'Hola, {{username}}:\n\nGracias por informarnos sobre los idiomas de «{{gameTitle}}». ' +
      '{{#if accepted}}Lo hemos comprobado y ya aparece en la ficha del juego, con la fuente «usuario».' +
      '{{else}}Lo hemos revisado y esta vez no lo hemos añadido a la ficha del juego.{{/if}}\n\n' +
      'Motivo:\n{{reason}}\n',
    html:
      '<p>Hola, {{username}}:</p>' +
      '<p>Gracias por informarnos sobre los idiomas de «{{gameTitle}}». ' +
      '{{#if accepted}}Lo hemos comprobado y ya aparece en la ficha del juego, con la fuente «usuario».' +
      '{{else}}Lo hemos revisado y esta vez no lo hemos añadido a la ficha del juego.{{/if}}</p>' +
      '<p><strong>Motivo:</strong></p>' +
      '<blockquote style="white-space:pre-wrap;margin:0 0 16px;padding-left:12px;border-left:3px solid #d4d4d8">' +
      '{{reason}}</blockquote>',
  },
};

/** The frame of every HTML part: one column, inline styles (mail clients drop <style> blocks). */
export const HTML_LAYOUT =
  '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>{{subject}}</title></head>' +
  '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">' +
  '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">' +
  '<p style="margin:0 0 16px;font-size:20px;font-weight:bold">{{siteName}}</p>' +
  '{{{body}}}' +
  '</div></body></html>\n';

/** A link as a button, with the address written out below for clients that hide buttons. */
export const BUTTON_PARTIAL =
  '<p style="margin:24px 0"><a href="{{link}}" style="background:#b91c1c;color:#ffffff;padding:12px 20px;' +
  'border-radius:6px;text-decoration:none;font-weight:bold">Abrir el enlace</a></p>' +
  '<p style="font-size:13px;color:#52525b;word-break:break-all">{{link}}</p>';
