import { Resvg } from '@resvg/resvg-js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori, { type Font } from 'satori';
import type { YearSummary } from './year-in-review.js';

/** Open Graph's recommended size (1.91:1), what link previews show in full. */
export const YEAR_IMAGE_WIDTH = 1200;
export const YEAR_IMAGE_HEIGHT = 630;

const COLOURS = {
  background: '#0d1016',
  surface: '#151a23',
  text: '#f2f4f8',
  muted: '#9aa4b5',
  accent: '#36d07b',
};

const PADDING_X = 56;
const PADDING_Y = 40;
const FIGURE_GAP = 20;
const FIGURE_WIDTH = Math.floor((YEAR_IMAGE_WIDTH - 2 * PADDING_X - 2 * FIGURE_GAP) / 3);

const require = createRequire(import.meta.url);
/** Inter's Latin and Latin Extended subsets: every letter of Spanish (á, ñ, ü, ¿, ¡) and of most titles. */
const FONT_FILES: { file: string; weight: 400 | 700 }[] = [
  { file: 'inter-latin-400-normal.woff', weight: 400 },
  { file: 'inter-latin-700-normal.woff', weight: 700 },
  { file: 'inter-latin-ext-400-normal.woff', weight: 400 },
  { file: 'inter-latin-ext-700-normal.woff', weight: 700 },
];
let fonts: Promise<Font[]> | undefined;

function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ({ file, weight }) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/inter/files/${file}`)),
    })),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/** A satori node: the shape of a React element, without React on the server. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}

const box = (style: Record<string, string | number>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

const number = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 1 });

function figure(value: string, label: string, valueSize = 56): Node {
  return box(
    {
      flexDirection: 'column',
      justifyContent: 'center',
      width: FIGURE_WIDTH,
      height: 150,
      padding: '0 28px',
      background: COLOURS.surface,
      borderRadius: 16,
    },
    box({ fontSize: valueSize, fontWeight: 700, color: COLOURS.accent }, value),
    box({ fontSize: 24, color: COLOURS.muted }, label),
  );
}

/** The card's layout: who and which year, the three figures and the best rated games. */
function card(siteName: string, username: string, year: number, summary: YearSummary): Node {
  const completed = summary.completed.length;
  const platform = summary.platforms[0];
  const best = summary.bestRated.slice(0, 3);
  return box(
    {
      // Satori sizes boxes without their padding (content-box): the card's content plus its padding is the image.
      width: YEAR_IMAGE_WIDTH - 2 * PADDING_X,
      height: YEAR_IMAGE_HEIGHT - 2 * PADDING_Y,
      flexDirection: 'column',
      padding: `${PADDING_Y}px ${PADDING_X}px`,
      background: COLOURS.background,
      color: COLOURS.text,
      fontFamily: 'Inter',
      borderTop: `10px solid ${COLOURS.accent}`,
    },
    box({ fontSize: 28, fontWeight: 700, color: COLOURS.accent }, siteName),
    box({ fontSize: 56, fontWeight: 700, marginTop: 4 }, shorten(`El ${year} de ${username}`, 34)),
    box(
      { marginTop: 26, gap: FIGURE_GAP },
      figure(number(completed), completed === 1 ? 'juego completado' : 'juegos completados'),
      figure(number(summary.hours), summary.hours === 1 ? 'hora jugada' : 'horas jugadas'),
      figure(
        platform ? shorten(platform.platform, 16) : '—',
        platform ? 'su plataforma del año' : 'sin plataforma',
        platform && platform.platform.length > 8 ? 34 : 56,
      ),
    ),
    box(
      { flexDirection: 'column', marginTop: 26, fontSize: 28 },
      best.length
        ? box({ color: COLOURS.muted, fontSize: 24, marginBottom: 6 }, 'Mejor valorados')
        : box({ color: COLOURS.muted }, 'Aún no ha puntuado ningún juego este año.'),
      ...best.map((game) =>
        box(
          { alignItems: 'center', marginTop: 4 },
          box({ fontWeight: 700, color: COLOURS.accent, width: 70 }, String(game.score)),
          box({}, shorten(game.title, 52)),
        ),
      ),
    ),
  );
}

/** 'Tu año' as a PNG for link previews, drawn from the same figures the page shows. */
export async function renderYearImage(
  siteName: string,
  username: string,
  year: number,
  summary: YearSummary,
): Promise<Buffer> {
  const svg = await satori(card(siteName, username, year, summary) as Parameters<typeof satori>[0], {
    width: YEAR_IMAGE_WIDTH,
    height: YEAR_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: YEAR_IMAGE_WIDTH } }).render().asPng();
}
