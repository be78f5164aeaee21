import { MAIL_TEMPLATES, type MailTemplateName } from './mail-templates.js';
import { renderMail } from './render-mail.js';

const site = { siteName: 'Veredicto', contactEmail: 'contacto@veredicto.es' };
const link = 'https://veredicto.es/reset-password?token=abc_DEF-123';

describe('mail templates', () => {
  it('renders the subject and the plain text exactly as the account mails always read', () => {
    expect(renderMail('reset-password', { username: 'ana', link }, site)).toMatchObject({
      subject: 'Restablece tu contraseña de Veredicto',
      text:
        'Hola, ana:\n\nPara elegir una contraseña nueva, abre este enlace (válido durante 1 hora, un solo uso):' +
        `\n\n${link}\n\nSi no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.\n`,
    });
    expect(renderMail('email-changed', { username: 'ana', newEmail: 'ana@example.org' }, site).text).toBe(
      'Hola, ana:\n\nTu cuenta de Veredicto usa desde ahora la dirección ana@example.org; esta ya no recibirá ' +
        'nuestros mensajes.\n\nSi no has sido tú, restablece tu contraseña y escríbenos a contacto@veredicto.es.\n',
    );
  });

  it('writes an HTML part in Spanish with the link as a button and the text of the mail', () => {
    const { html } = renderMail('confirm-account', { username: 'ana', link }, site);
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain('<title>Confirma tu cuenta de Veredicto</title>');
    expect(html).toContain('Confirma tu correo electrónico abriendo este enlace (válido durante 24 horas):');
    // Handlebars escapes '=' in attributes and text; a browser reads it back as the same URL.
    expect(html).toContain('href="https://veredicto.es/reset-password?token&#x3D;abc_DEF-123"');
  });

  it('escapes what users wrote in the HTML part and leaves the text part as written', () => {
    const mail = renderMail(
      'email-change-requested',
      { username: '<b>ana</b> & co', newEmail: 'a@b.es' },
      site,
    );
    expect(mail.html).toContain('Hola, &lt;b&gt;ana&lt;/b&gt; &amp; co:');
    expect(mail.html).not.toContain('<b>ana</b>');
    expect(mail.text).toContain('Hola, <b>ana</b> & co:');
  });

  it('refuses data a template needs but was not given, instead of sending a blank', () => {
    expect(() => renderMail('confirm-account', { username: 'ana' } as never, site)).toThrow(/link/);
  });

  it('every template has a Spanish subject, a text part and an HTML part', () => {
    for (const name of Object.keys(MAIL_TEMPLATES) as MailTemplateName[]) {
      const data = {
        username: 'ana',
        link,
        newEmail: 'ana@example.org',
        gameTitle: 'Hades',
        reason: 'Spam.',
        text: 'Retrasado: 14-03-2027 → 02-06-2027',
        gameUrl: 'https://veredicto.es/game/hades/1',
        coverUrl: null,
        settingsUrl: 'https://veredicto.es/user/avisos',
        unsubscribeUrl: 'https://veredicto.es/api/alerts/unsubscribe?token=abc',
        period: 'diario',
        count: 2,
        games: [{ gameTitle: 'Hades', gameUrl: 'https://veredicto.es/game/hades/1', lines: ['Sale hoy'] }],
      };
      const mail = renderMail(name, data as never, site);
      expect([name, mail.subject.length > 0, mail.text.startsWith('Hola, ana:'), mail.html]).toEqual([
        name,
        true,
        true,
        expect.stringContaining('<p>Hola, ana:</p>'),
      ]);
    }
  });

  it('an alert digest groups its lines under each game, with the unsubscribe and settings links', () => {
    const mail = renderMail(
      'alert-digest',
      {
        username: 'ana',
        period: 'diario',
        count: 3,
        games: [
          {
            gameTitle: 'Hades II',
            gameUrl: 'https://v.es/g/1',
            lines: ['Sale hoy: 02-06-2027', 'Llega a PC'],
          },
          {
            gameTitle: 'Hollow Knight: Silksong',
            gameUrl: 'https://v.es/g/2',
            lines: ['Ya tiene nota de la crítica: 90'],
          },
        ],
        settingsUrl: 'https://v.es/user/avisos',
        unsubscribeUrl: 'https://v.es/api/alerts/unsubscribe?token=abc',
      },
      site,
    );
    expect(mail.subject).toBe('Tu resumen diario de Veredicto: 3 novedades');
    expect(mail.text).toContain('Hades II\n- Sale hoy: 02-06-2027\n- Llega a PC\nhttps://v.es/g/1');
    expect(mail.text).toContain('https://v.es/api/alerts/unsubscribe?token=abc');
    expect(mail.html).toContain('<li>Ya tiene nota de la crítica: 90</li>');
  });
});
