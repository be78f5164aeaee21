import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import { readReviewPage } from './extract-reviews.js';
import { readSpanishStatement } from './spanish-statement.js';

/** test/fixtures/real: pages other projects saved; manifest.json records each one's repository and commit. */
const REAL = new URL('../../../../test/fixtures/real/pages/', import.meta.url);

const statementOf = (html: string) => readSpanishStatement(load(html));

describe("a review page's statement of the game's Spanish ('Textos: español · Voces: inglés')", () => {
  it('reads a spec sheet of labelled lines, one statement per list item', () => {
    const statement = statementOf(
      `<article><h1>Análisis</h1><ul class="ficha"><li>Plataforma: PS5</li><li>Textos: español</li>
       <li>Voces: inglés</li></ul></article>`,
    );
    expect(statement).toEqual({
      languages: { 'es-ES': { text: true, audio: false }, 'es-419': { text: null, audio: false } },
      phrases: ['Textos: español', 'Voces: inglés'],
    });
  });

  it('reads one line with a separator, and several languages for a field', () => {
    expect(statementOf('<p>Textos: castellano · Voces: inglés y japonés</p>')?.languages['es-ES']).toEqual({
      text: true,
      audio: false,
    });
    expect(statementOf('<p>Idioma: voces en inglés, textos en castellano</p>')?.languages['es-ES']).toEqual({
      text: true,
      audio: false,
    });
  });

  it('reads the sentences reviews write', () => {
    const spain = (html: string) => statementOf(html)?.languages['es-ES'];
    expect(spain('<p>Llega con voces en inglés y textos en castellano.</p>')).toEqual({
      text: true,
      audio: false,
    });
    expect(spain('<p>Tiene subtítulos en castellano y voces en japonés.</p>')).toEqual({
      text: true,
      audio: false,
    });
    expect(spain('<p>Cuenta con voces y textos en castellano.</p>')).toEqual({ text: true, audio: true });
    expect(spain('<p>El juego llega completamente doblado y traducido al castellano.</p>')).toEqual({
      text: true,
      audio: true,
    });
    expect(spain('<p>Por desgracia, llega sin doblaje al castellano.</p>')).toEqual({
      text: null,
      audio: false,
    });
    expect(spain('<p>No está traducido al español, algo que duele.</p>')).toEqual({
      text: false,
      audio: null,
    });
  });

  it("tells Latin American Spanish apart, and lets a 'yes' win over a 'no' of another statement", () => {
    expect(statementOf('<p>Voces: español latino · Textos: español</p>')?.languages).toEqual({
      'es-ES': { text: true, audio: false },
      'es-419': { text: null, audio: true },
    });
    expect(
      statementOf('<p>Voces en inglés y textos en castellano.</p><p>Textos y voces en castellano en PS5.</p>')
        ?.languages['es-ES'],
    ).toEqual({ text: true, audio: true });
  });

  it("reads MeriStation's spec box whatever elements hold label and value ('Texto' + 'Inglés')", () => {
    const persona = { text: false, audio: false };
    // Label and value in inline elements of one list item: the line reads 'TextoInglés'.
    expect(
      statementOf(`<ul class="ficha"><li><span>Plataforma</span><span>PS4</span></li>
        <li><span>Texto</span><span>Inglés</span></li><li><span>Voces</span><span>Inglés, Japonés</span></li></ul>`)
        ?.languages,
    ).toEqual({ 'es-ES': persona, 'es-419': persona });
    // A value in lower case does not show where the label ends; the elements do.
    expect(statementOf('<li><b>Texto</b><i>español</i></li>')?.languages['es-ES']).toEqual({
      text: true,
      audio: null,
    });
    // Label and value as block elements: two lines.
    expect(
      statementOf('<dl><dt>Texto</dt><dd>Español</dd><dt>Voces</dt><dd>Inglés</dd></dl>')?.languages['es-ES'],
    ).toEqual({ text: true, audio: false });
    // As stored text has it, glued, and as an archive re-encoded it ('Espa?ol', 'Ingl¨¦s').
    expect(statementOf('<p>- TextoEspañol, Inglés</p><p>- VocesInglés</p>')?.languages['es-ES']).toEqual({
      text: true,
      audio: false,
    });
    expect(statementOf('<p>- TextoEspa?ol</p><p>- VocesIngl¨¦s</p>')?.languages['es-ES']).toEqual({
      text: true,
      audio: false,
    });
  });

  it('reads what a sentence says is missing, and ignores wishes and rumours', () => {
    const spain = (html: string) => statementOf(html)?.languages['es-ES'];
    expect(spain('<p>Kingdom Hearts 3D no vendrá traducido al castellano.</p>')).toEqual({
      text: false,
      audio: null,
    });
    expect(
      spain('<p>Llega con textos en castellano. Solo echamos de menos voces en castellano.</p>'),
    ).toEqual({
      text: true,
      audio: false,
    });
    expect(spain('<p>La obra nos llegará finalmente sin textos en castellano.</p>')).toEqual({
      text: false,
      audio: null,
    });
    expect(
      statementOf('<p>Los fans crean una petición para que venga doblado al castellano.</p>'),
    ).toBeNull();
    expect(statementOf('<p>Primero se rumoreó que llegaría doblado al castellano.</p>')).toBeNull();
    expect(statementOf('<p>No contará con doblaje en inglés en ningún territorio.</p>')).toBeNull();
    expect(statementOf("<p>Las mejores oportunidades hablan alemán. Nuevo curso 'online'</p>")).toBeNull();
  });

  it("tells Latin American Spanish apart per field: 'español' named somewhere leaves it unknown", () => {
    expect(
      statementOf(`<p>No contará con las voces en castellano, sino con las voces del juego dobladas al español de
        América Latina. Lo que sí estará disponible en castellano son los menús y subtítulos.</p>`)
        ?.languages,
    ).toEqual({ 'es-ES': { text: true, audio: false }, 'es-419': { text: null, audio: true } });
    expect(
      statementOf('<p>Todo está en ruso. Audio y subtítulos en español y de buena calidad.</p>')?.languages,
    ).toEqual({ 'es-ES': { text: true, audio: true }, 'es-419': { text: null, audio: null } });
  });

  it("yields nothing for a review that only mentions voices ('las voces en inglés brillan')", () => {
    expect(statementOf('<p>Las voces en inglés brillan, y la banda sonora también.</p>')).toBeNull();
    expect(statementOf('<p>Las <em>voces en inglés</em> brillan.</p>')).toBeNull();
    expect(statementOf('<script>var textos = "Textos: español";</script><p>Nada más.</p>')).toBeNull();
  });

  it('yields nothing on any real Spanish page of the corpus (news and articles without such a statement)', () => {
    const pages = readdirSync(REAL).filter((file) => file.startsWith('es-') && file.endsWith('.html.gz'));
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const html = gunzipSync(readFileSync(new URL(file, REAL))).toString('utf8');
      expect([file, statementOf(html)]).toEqual([file, null]);
    }
  });

  it('comes with the reading of a single review page, never of a list of reviews', () => {
    const single = `<html><body><article><h1>Análisis de Juego</h1><p>Un gran juego.</p>
      <ul><li>Textos: español</li><li>Voces: inglés</li></ul></article></body></html>`;
    expect(
      readReviewPage(single, 'https://www.example.es/analisis/juego').spanish?.languages['es-ES'],
    ).toEqual({
      text: true,
      audio: false,
    });
    // MeriStation's shape: the box before the review, label and value in separate elements.
    const box = `<html><body><article><h1>Persona 5</h1><ul class="ficha">
      <li><span>Plataforma</span><span>PS4</span><span>10</span></li><li><span>Texto</span><span>Inglés</span></li>
      <li><span>Voces</span><span>Inglés, Japonés</span></li><li><span>Editor</span><span>Atlus</span></li></ul>
      <h2>Análisis de Persona 5</h2><p>Un juego magistral.</p></article></body></html>`;
    expect(
      readReviewPage(box, 'https://as.com/meristation/analisis/persona-5').spanish?.languages['es-ES'],
    ).toEqual({
      text: false,
      audio: false,
    });
    const metacritic = gunzipSync(
      readFileSync(new URL('rv-metacritic-elden-ring-critic-reviews.html.gz', REAL)),
    ).toString('utf8');
    const reading = readReviewPage(metacritic, 'https://www.metacritic.com/game/elden-ring/critic-reviews/');
    expect(reading.reviews.length).toBeGreaterThan(1);
    expect(reading.spanish).toBeNull();
  });
});
