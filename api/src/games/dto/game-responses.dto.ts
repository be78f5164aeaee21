import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  LANGUAGE_LOCALES,
  LANGUAGE_SOURCES,
  RELEASE_DATE_PRECISIONS,
  SPANISH_ANSWERS,
  type FeaturedGame,
  type GameSuggestion,
  type GameSummary,
  type LanguageEntry,
  type LanguageLocale,
  type LanguageSource,
  type Page,
  type PlatformName,
  type PlayerTimelineWeek,
  type ReleaseDatePrecision,
  type SpanishAnswer,
  type SpanishVerdict,
  type SuggestionMark,
} from '@veredicto/contract';
import type {
  Badge,
  GameDetailDto,
  GameSummaryDto,
  presentMediaReview,
  presentUserReview,
} from '../game.presenter.js';

/*
 * The response shapes of docs/API-CONTRACT.md as OpenAPI schemas. Each class implements the presenter's
 * type, so a field added to or renamed in an answer fails to compile until its documentation follows.
 */

const nullableNumber = (description: string) => ({ type: Number, nullable: true, description });

const SPANISH_ANSWER = {
  enum: SPANISH_ANSWERS,
  description:
    'yes: alguna fuente lo dice; no: fuentes completas cubren todas las plataformas y lo niegan; unknown',
};

/** docs/CONTRACT.md §13: castellano (es-ES) voices and texts. */
export class SpanishVerdictResponse implements SpanishVerdict {
  @ApiProperty(SPANISH_ANSWER) audio!: SpanishAnswer;
  @ApiProperty(SPANISH_ANSWER) text!: SpanishAnswer;
}

const nullableBoolean = (description: string) => ({ type: Boolean, nullable: true, description });

/** What one source says of the game's Spanish on a platform (null: every platform). */
export class LanguageEntryResponse implements LanguageEntry {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'pc',
    description: 'Plataforma; null = todas',
  })
  platform!: string | null;
  @ApiProperty({ enum: LANGUAGE_LOCALES }) locale!: LanguageLocale;
  @ApiPropertyOptional(nullableBoolean('Textos (interfaz y/o subtítulos); null = no se sabe')) text!:
    boolean | null;
  @ApiPropertyOptional(nullableBoolean('Voces completas')) audio!: boolean | null;
  @ApiPropertyOptional(nullableBoolean('Interfaz')) interface!: boolean | null;
  @ApiPropertyOptional(nullableBoolean('Subtítulos')) subtitles!: boolean | null;
  @ApiProperty({ enum: LANGUAGE_SOURCES })
  source!: LanguageSource;
  @ApiProperty({
    example: '2024-10',
    description: 'Fecha de la fuente: yyyy-MM-dd, o yyyy-MM si solo se sabe el mes',
  })
  asOf!: string;
}

export class GameSummaryResponse implements GameSummaryDto {
  @ApiProperty({ description: 'Identificador interno' }) id!: number;
  @ApiProperty({ description: 'Identificador de IGDB; el que usan las rutas /game/{slug}/{igdbID}' })
  igdbID!: number;
  @ApiProperty({ example: 'elden-ring' }) slug!: string;
  @ApiProperty({ example: 'Elden Ring' }) title!: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'URL de la portada' })
  imageCover!: string | null;
  @ApiProperty({ type: [String], example: ['PlayStation 5', 'PC (Microsoft Windows)'] })
  platform!: PlatformName[];
  @ApiPropertyOptional({ type: String, nullable: true, example: '2022-02-25', description: 'yyyy-MM-dd' })
  releaseDate!: string | null;
  @ApiPropertyOptional({
    enum: RELEASE_DATE_PRECISIONS,
    nullable: true,
    description: 'Cuánto se sabe de releaseDate: día, mes, trimestre o solo el año; null sin fecha',
  })
  releaseDatePrecision!: ReleaseDatePrecision | null;
  @ApiPropertyOptional(
    nullableNumber('Media de la crítica, 0-100; null con menos de 4 críticas con nota (se muestra S/P)'),
  )
  avRatings!: number | null;
  @ApiPropertyOptional(
    nullableNumber(
      'Media de los jugadores, 0-100; null sin puntuaciones. sortBy=avUserRatings no ordena por ella sino por ' +
        'una media bayesiana (v·R + m·C) / (v + m) con m = 10 y C = 70, para que un solo 100 no supere a treinta 90',
    ),
  )
  avUserRatings!: number | null;
  @ApiProperty({ description: 'Críticas de medios con nota' }) criticReviewCount!: number;
  @ApiProperty({ description: 'Puntuaciones de jugadores' }) userRatingCount!: number;
  @ApiProperty({ type: SpanishVerdictResponse, description: '¿Está en castellano? Voces y textos' })
  spanish!: SpanishVerdictResponse;
}

export class GamePageResponse implements Page<GameSummary> {
  @ApiProperty({ type: [GameSummaryResponse] }) content!: GameSummaryResponse[];
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalElements!: number;
  @ApiProperty({ description: 'Página pedida, empieza en 0' }) page!: number;
  @ApiProperty() size!: number;
}

/** A suggestion of the search box: enough to show it (cover, title, year, platforms) and link to it. */
export class GameSuggestionResponse implements GameSuggestion {
  @ApiProperty({ description: 'Identificador de IGDB' }) igdbID!: number;
  @ApiProperty({ example: 'elden-ring' }) slug!: string;
  @ApiProperty({ example: 'Elden Ring' }) title!: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'URL de la portada' })
  imageCover!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2022-02-25', description: 'yyyy-MM-dd' })
  releaseDate!: string | null;
  @ApiProperty({ type: [String], description: 'Plataformas, para distinguir juegos del mismo nombre' })
  platform!: PlatformName[];
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: ['dlc', 'edition'],
    description:
      "'dlc' un añadido; 'edition' una edición, remasterización o versión posterior de un título ya sugerido",
  })
  mark!: SuggestionMark | null;
}

class GameVideoResponse {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Identificador del vídeo de YouTube' }) videoID!: string;
}

const HISTOGRAM = '10 recuentos de notas por tramos 0-9, 10-19, ..., 80-89 y 90-100; suman `count`.';

class CriticStatsResponse {
  @ApiProperty({ description: 'Críticas de medios con nota (las que no tienen nota se listan, no cuentan)' })
  count!: number;
  @ApiPropertyOptional(
    nullableNumber(
      'Media aritmética de las notas normalizadas a 0-100 (8,5/10 cuenta 85; x/N es x ÷ N), redondeada. ' +
        'null con menos de 4 críticas con nota.',
    ),
  )
  average!: number | null;
  @ApiPropertyOptional(
    nullableNumber(
      'Mediana de las notas (media de las dos centrales si son pares), redondeada; null con menos de 4.',
    ),
  )
  median!: number | null;
  @ApiProperty({ type: [Number], description: HISTOGRAM, example: [0, 0, 0, 0, 0, 1, 2, 5, 20, 12] })
  histogram!: number[];
  @ApiPropertyOptional(
    nullableNumber(
      'Porcentaje (0-100) de críticas con nota igual o superior a la mediana de su propio medio en todo el ' +
        'catálogo (la regla de OpenCritic): un medio severo recomienda con un 75 si su mediana es 72. null con menos de 4.',
    ),
  )
  percentRecommended!: number | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: ['Excepcional', 'Notable', 'Correcto', 'Flojo'],
    description:
      'Nivel por percentil de la media de la crítica entre los juegos del catálogo que la muestran: ' +
      '10 % superior Excepcional, 30 % siguiente Notable, 30 % siguiente Correcto, resto Flojo. null sin media.',
  })
  tier!: 'Excepcional' | 'Notable' | 'Correcto' | 'Flojo' | null;
}

class SpanishPressResponse {
  @ApiProperty({ description: 'Críticas con nota de medios en español (de España y de Latinoamérica)' })
  count!: number;
  @ApiPropertyOptional(
    nullableNumber(
      'Media de las notas de los medios con outletLanguage = "es", redondeada; null con menos de 3.',
    ),
  )
  average!: number | null;
}

class UnusualRatingWindowResponse {
  @ApiProperty({ description: 'Primer día de la ventana (UTC)', example: '2026-11-20' }) from!: string;
  @ApiProperty({ description: 'Último día de la ventana (UTC)', example: '2026-11-22' }) to!: string;
  @ApiProperty({ description: 'Puntuaciones dadas en la ventana' }) count!: number;
  @ApiProperty({
    description:
      'Puntuaciones de la ventana apartadas de la media: cuentas de menos de 7 días o que solo puntuaron este juego',
  })
  excluded!: number;
}

class PlayerStatsResponse {
  @ApiProperty({ description: 'Puntuaciones de jugadores (una por usuario), apartadas incluidas' })
  count!: number;
  @ApiPropertyOptional(
    nullableNumber(
      'Media aritmética de las puntuaciones, redondeada, sin las apartadas por actividad inusual; null sin ninguna.',
    ),
  )
  average!: number | null;
  @ApiProperty({ type: [Number], description: HISTOGRAM }) histogram!: number[];
  @ApiProperty({
    type: [UnusualRatingWindowResponse],
    description:
      'Ventanas de actividad inusual señaladas por el detector (volumen frente al historial del juego, cuentas nuevas, sesgo de notas) y aún no descartadas',
  })
  unusual!: UnusualRatingWindowResponse[];
  @ApiPropertyOptional(
    nullableNumber('Media de todas las puntuaciones, apartadas incluidas (el interruptor de la página)'),
  )
  averageWithUnusual!: number | null;
}

export class PlayerTimelineWeekResponse implements PlayerTimelineWeek {
  @ApiProperty({ description: 'Lunes de la semana (UTC)', example: '2026-11-16' }) week!: string;
  @ApiProperty({ description: 'Puntuaciones dadas esa semana' }) count!: number;
  @ApiPropertyOptional(nullableNumber('Su media, redondeada (todas, apartadas incluidas)')) average!:
    number | null;
  @ApiProperty({ description: 'Cuántas de ellas están apartadas de la media' }) excluded!: number;
}

export class GameDetailResponse extends GameSummaryResponse implements GameDetailDto {
  @ApiProperty({
    type: CriticStatsResponse,
    description: 'Cifras de la crítica, recalculadas por los workers desde las críticas guardadas',
  })
  criticStats!: CriticStatsResponse;
  @ApiProperty({ type: SpanishPressResponse, description: 'La prensa en español' })
  spanishPress!: SpanishPressResponse;
  @ApiProperty({ type: PlayerStatsResponse, description: 'Cifras de los jugadores' })
  playerStats!: PlayerStatsResponse;
  @ApiPropertyOptional({ type: String, nullable: true }) imageArt!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Título oficial en España, si es otro' })
  titleEs!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Sinopsis en español si existe; si no, la inglesa (summaryLanguage = en)',
  })
  summary!: string | null;
  @ApiPropertyOptional({ enum: ['es', 'en'], nullable: true, description: 'Idioma de summary' })
  summaryLanguage!: 'es' | 'en' | null;
  @ApiPropertyOptional({
    enum: ['seed', 'libretranslate', 'deepl'],
    nullable: true,
    description: 'Origen de la sinopsis española: el catálogo propio o el servicio de traducción',
  })
  summarySource!: 'seed' | 'libretranslate' | 'deepl' | null;
  @ApiProperty({ type: [String], description: 'Géneros en español' }) genres!: string[];
  @ApiProperty({ type: [String] }) developers!: string[];
  @ApiProperty({ type: [String] }) publishers!: string[];
  @ApiProperty({ type: [String] }) screenshots!: string[];
  @ApiProperty({ type: [String] }) bigScreenshots!: string[];
  @ApiProperty({ type: [GameVideoResponse] }) videos!: GameVideoResponse[];
  @ApiProperty({ type: [LanguageEntryResponse], description: 'Lo que dice cada fuente de su castellano' })
  languages!: LanguageEntryResponse[];
}

export class MediaReviewResponse implements ReturnType<typeof presentMediaReview> {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Medio', example: 'IGN España' }) medium!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) logo!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) autor!: string | null;
  @ApiPropertyOptional(nullableNumber('Nota normalizada 0-100; null = sin nota'))
  rating!: number | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '8,5/10',
    description: 'Nota tal como se publicó',
  })
  rawScore!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Extracto' }) review!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) link!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) platform!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Fecha de publicación (ISO 8601)' })
  date!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'ES',
    description: 'País del medio (ISO 3166-1 alfa-2)',
  })
  outletCountry!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'es',
    description: 'Idioma del medio (ISO 639-1); "es" es la prensa en español de España y Latinoamérica',
  })
  outletLanguage!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'vandal',
    description: 'Página del medio en el sitio (/medios/{slug}); null si el medio no está en el registro',
  })
  outletSlug!: string | null;
}

export class UserReviewResponse implements ReturnType<typeof presentUserReview> {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Nombre del crítico' }) autor!: string;
  @ApiPropertyOptional(nullableNumber('Su puntuación del juego, 0-100')) rating!: number | null;
  @ApiProperty() review!: string;
  @ApiProperty({ description: 'Marcada por su autor: contiene spoilers' }) spoiler!: boolean;
  @ApiProperty({ description: 'Lectores que la encontraron útil' }) helpful!: number;
  @ApiProperty({ description: 'Lectores que no la encontraron útil' }) notHelpful!: number;
  @ApiProperty() titleGame!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) imageCover!: string | null;
  @ApiProperty() gameIgdbID!: number;
  @ApiProperty() slug!: string;
  @ApiPropertyOptional({
    enum: ['bronze', 'silver', 'gold'],
    nullable: true,
    description: 'Insignia por número de críticas: 1-20 bronce, 21-50 plata, más de 50 oro',
  })
  badge!: Badge;
  @ApiProperty() authorReviewCount!: number;
  @ApiProperty({ description: 'ISO 8601' }) createdAt!: string;
  @ApiProperty({ description: 'ISO 8601' }) updatedAt!: string;
}

export class FeaturedGameResponse extends GameDetailResponse implements FeaturedGame {
  @ApiProperty({ type: [MediaReviewResponse] }) reviews!: MediaReviewResponse[];
}

/** Every error of the API (docs/API-CONTRACT.md): a status and a Spanish message, nothing internal. */
export class ErrorResponse {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'page no puede ser negativo' }) message!: string;
}
