import { reviewHiddenMail } from './review-hidden.mail.js';

describe('reviewHiddenMail', () => {
  const mail = reviewHiddenMail({
    to: 'autora@example.com',
    authorName: 'Autora',
    gameTitle: 'Zelda <Edición>',
    reason: 'Insulta a <b>otros</b> jugadores.',
    siteName: 'Veredicto',
  });

  it('gives the written reason in the text and the HTML part, escaped in HTML', () => {
    expect(mail.to).toBe('autora@example.com');
    expect(mail.subject).toBe('Hemos ocultado tu crítica de Zelda <Edición>');
    expect(mail.text).toContain('Motivo de la decisión:\nInsulta a <b>otros</b> jugadores.');
    expect(mail.html).toContain('Insulta a &lt;b&gt;otros&lt;/b&gt; jugadores.');
    expect(mail.html).toContain('Zelda &lt;Edición&gt;');
    expect(mail.html).not.toContain('<b>otros');
  });
});
