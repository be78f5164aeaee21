import { renderMail } from './render-mail.js';

describe('review-hidden mail (statement of reasons, EU DSA art. 17)', () => {
  const mail = renderMail(
    'review-hidden',
    { username: 'Autora', gameTitle: 'Zelda <Edición>', reason: 'Insulta a <b>otros</b> jugadores.' },
    { siteName: 'Veredicto', contactEmail: 'contacto@veredicto.es' },
  );

  it('gives the written reason in the text part as written and escaped in the HTML part', () => {
    expect(mail.subject).toBe('Hemos ocultado tu crítica de Zelda <Edición>');
    expect(mail.text).toContain('Motivo de la decisión:\nInsulta a <b>otros</b> jugadores.');
    expect(mail.html).toContain('Insulta a &lt;b&gt;otros&lt;/b&gt; jugadores.');
    expect(mail.html).not.toContain('<b>otros');
    expect(mail.text).toContain('contacto@veredicto.es');
  });
});
