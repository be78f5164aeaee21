import { Link } from '../../../components/link';
import {
  BEST_AVERAGE_FLOOR,
  CRITIC_TIERS,
  PLAYER_RANK_PRIOR,
  pageTexts,
  playerRankScore,
  SCORE_MINIMUMS,
} from '@veredicto/contract';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import './games.css';

/** A number as Spanish text: '72,7'. */
const spanishNumber = (value: number, decimals = 1) =>
  value.toLocaleString('es-ES', { maximumFractionDigits: decimals });

/** Each critic tier with its share of the catalogue in percent (10, 30, 30 and the rest). */
const TIER_SHARES = CRITIC_TIERS.map((tier, index) => ({
  label: tier.label,
  percent: Math.round((tier.topShare - (index ? CRITIC_TIERS[index - 1].topShare : 0)) * 100),
}));

/**
 * 'Cómo calculamos las notas': the maths of every figure, for readers (also in
 * docs/COMO-CALCULAMOS-LAS-NOTAS.md). Every minimum and constant is read from the contract, the same
 * numbers the figures are computed with.
 */
export function ScoringMethodPage() {
  const { m, C } = PLAYER_RANK_PRIOR;
  const [excellent, notable, fair, weak] = TIER_SHARES;
  usePageMeta({ ...pageTexts.scoringMethod(), canonicalPath: routes.scoringMethod() });
  return (
    <article className="page scoring-method">
      <h1>Cómo calculamos las notas</h1>
      <p>
        Todas las notas van de 0 a 100 y se recalculan siempre desde las críticas y puntuaciones guardadas,
        nunca sumando cambios. Una nota que no se puede dar con garantías aparece como <strong>S/P</strong>{' '}
        (sin puntuación), junto al número de críticas que hay (por ejemplo, «1 crítica»).
      </p>

      <h2>La nota de cada crítica</h2>
      <p>
        Cada medio puntúa a su manera: 8,5 sobre 10, 4 estrellas sobre 5, 85 sobre 100. Pasamos cada nota a la
        escala de 0 a 100 dividiendo entre el máximo de su escala: 8,5/10 cuenta 85 y 4/5 cuenta 80. En cada
        tarjeta verás la nota tal como la publicó el medio y su valor en nuestra escala («8,5/10 → 85»). Las
        críticas sin nota se muestran, pero no cuentan en ninguna media. Un medio, una voz: las críticas de un
        mismo medio en varias plataformas se muestran en una sola tarjeta y cuentan una sola vez, con la media
        de sus notas, en todas las cifras (media, mediana, distribución y número de medios).
      </p>

      <h2>Media de la crítica</h2>
      <p>
        Es la media aritmética de las notas de las críticas con nota, redondeada. Solo la mostramos a partir
        de
        <strong> {SCORE_MINIMUMS.critic} críticas con nota</strong>: con una sola, un 100 no dice gran cosa.
        El carrusel de los mejores juegos exige <strong>{SCORE_MINIMUMS.best} críticas</strong> de medios
        distintos y una media de al menos <strong>{BEST_AVERAGE_FLOOR}</strong>, y las clasificaciones por
        nota de la crítica solo ordenan juegos que muestran su media.
      </p>

      <h2>Prensa en español</h2>
      <p>
        Llevamos un registro de cada medio con su país y su idioma. La nota de la prensa en español es la
        media de las críticas con nota de los medios en español de España y de Latinoamérica (Vandal,
        3DJuegos, MeriStation, IGN España, Hobby Consolas, Eurogamer España, Atomix, LevelUp y los demás).
        Aparece a partir de <strong>{SCORE_MINIMUMS.spanishPress} críticas</strong>, siempre con su número al
        lado.
      </p>

      <h2>Distribución, mediana, recomendado y nivel</h2>
      <ul>
        <li>
          <strong>Distribución</strong>: cuántas críticas caen en cada tramo de 10 puntos (0-9, 10-19…
          90-100). La suma de las barras es el número de críticas con nota.
        </li>
        <li>
          <strong>Mediana</strong>: la nota central cuando se ordenan todas; si hay un número par de críticas,
          la media de las dos centrales. Un par de notas extremas apenas la mueven.
        </li>
        <li>
          <strong>Recomendado</strong>: el porcentaje de críticas cuya nota iguala o supera la nota habitual
          de su propio medio, es decir, su mediana en todo el catálogo (la regla de OpenCritic). Así, un 75 de
          un medio exigente cuya nota habitual es 72 cuenta como recomendación, y un 80 de uno cuya nota
          habitual es 85, no.
        </li>
        <li>
          <strong>Nivel</strong>: la posición de su media entre todos los juegos del catálogo que muestran
          media de la crítica. El {excellent.percent} % mejor es <em>{excellent.label}</em>; el{' '}
          {notable.percent} % siguiente, <em>{notable.label}</em>; el {fair.percent} % siguiente,{' '}
          <em>{fair.label}</em>; y el resto, <em>{weak.label}</em>.
        </li>
      </ul>
      <p>
        Mediana, recomendado y nivel siguen el mismo mínimo que la media: {SCORE_MINIMUMS.critic} críticas con
        nota.
      </p>

      <h2>La nota de los jugadores</h2>
      <p>
        Cada usuario tiene una sola puntuación por juego, que puede cambiar o retirar cuando quiera; publicar
        una crítica también fija su puntuación. La nota de los jugadores es la media de todas, redondeada, y
        se ve con la distribución y el número de puntuaciones. Solo se puede puntuar un juego a partir de su
        fecha de lanzamiento.
      </p>
      <p>
        Para ordenar la clasificación por nota de los jugadores usamos una <strong>media bayesiana</strong>:
        (v × R + m × C) / (v + m), donde R es la media del juego, v su número de puntuaciones, m = {m} y C ={' '}
        {C}. Un juego con pocas puntuaciones se acerca a {C} hasta que tiene suficientes: un único 100 ordena
        como {spanishNumber(playerRankScore(1, 100))} y treinta 90 como{' '}
        {spanishNumber(playerRankScore(30, 90))}, así que treinta 90 quedan por delante. La nota que ves sigue
        siendo la media normal.
      </p>

      <h2>De dónde salen los datos</h2>
      <p>
        Las notas de los medios son las que publican ellos mismos (recogidas de Metacritic, IGN y las páginas
        de cada medio); las de los jugadores, las de los usuarios de este sitio. Ninguna es una opinión
        nuestra.
      </p>
      <p>
        <Link to={routes.catalogue()}>Ver el catálogo de juegos</Link>
      </p>
    </article>
  );
}
