import { ApiProperty } from '@nestjs/swagger';
import type {
  Outlet,
  OutletAgreement,
  OutletCall,
  OutletDeviation,
  OutletDifferences,
  OutletReview,
  OutletReviewPage,
  Page,
} from '@veredicto/contract';

/* The outlets' answers (libs/contract/src/outlets.ts) as OpenAPI schemas: each class implements its shape. */

export class OutletDeviationResponse implements OutletDeviation {
  @ApiProperty({
    nullable: true,
    example: 2.4,
    description:
      'Media, sobre los juegos que el medio puntuó y que tienen al menos 3 puntuaciones de otros medios, de (su nota − la media de los otros medios); varias críticas suyas de un juego cuentan como su media',
  })
  mean!: number | null;

  @ApiProperty({
    nullable: true,
    type: [Number],
    example: [1.1, 3.7],
    description:
      'Intervalo de confianza del 95 % de la media (distribución t de Student); null con menos de 10 juegos',
  })
  ci95!: [number, number] | null;

  @ApiProperty({ example: 312, description: 'Juegos comparados' })
  games!: number;
}

export class OutletResponse implements Outlet {
  @ApiProperty({ example: 'meristation' }) slug!: string;
  @ApiProperty({ example: 'MeriStation' }) name!: string;
  @ApiProperty({ nullable: true, example: 'ES' }) country!: string | null;
  @ApiProperty({ nullable: true, example: 'es' }) language!: string | null;
  @ApiProperty({ nullable: true, example: 'as.com' }) domain!: string | null;
  @ApiProperty({ example: 1520, description: 'Número de críticas (con o sin nota)' }) reviews!: number;
  @ApiProperty({ nullable: true, example: 76.4, description: 'Media de sus notas (0-100)' }) average!:
    number | null;
  @ApiProperty({ type: OutletDeviationResponse }) deviation!: OutletDeviationResponse;
}

export class OutletPageResponse implements Page<Outlet> {
  @ApiProperty({ type: [OutletResponse] }) content!: OutletResponse[];
  @ApiProperty() totalElements!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
}

export class OutletReviewResponse implements OutletReview {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, description: 'Nota normalizada 0-100' }) rating!: number | null;
  @ApiProperty({ nullable: true, example: '2024-03-01', description: 'Fecha de la crítica (ISO)' }) date!:
    string | null;
}

export class OutletReviewPageResponse implements OutletReviewPage {
  @ApiProperty({ type: [OutletReviewResponse] }) content!: OutletReviewResponse[];
  @ApiProperty() totalElements!: number;
}

export class OutletCallResponse implements OutletCall {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Su nota (media de sus críticas del juego)' }) score!: number;
  @ApiProperty({ description: 'Media de los otros medios' }) othersMean!: number;
  @ApiProperty({ description: 'Número de otros medios' }) othersCount!: number;
  @ApiProperty({ description: 'Su nota menos la media de los otros' }) difference!: number;
}

export class OutletDifferencesResponse implements OutletDifferences {
  @ApiProperty({
    type: [Number],
    description:
      'Juegos por diferencia con el consenso en tramos de 5 puntos, de [-50, -45) a [45, 50]; los extremos incluyen lo que queda fuera',
  })
  histogram!: number[];

  @ApiProperty({ example: 5 }) binWidth!: number;
  @ApiProperty({ type: [OutletCallResponse], description: 'Sus notas más generosas' })
  generous!: OutletCallResponse[];
  @ApiProperty({ type: [OutletCallResponse], description: 'Sus notas más duras' })
  harsh!: OutletCallResponse[];
}

export class OutletAgreementResponse implements OutletAgreement {
  @ApiProperty({ description: 'Juegos que puntuaron el usuario y el medio' }) games!: number;
  @ApiProperty({ nullable: true, description: 'Media de (tu nota − la del medio)' }) meanDifference!:
    number | null;
  @ApiProperty({ nullable: true, description: 'Media de la diferencia absoluta' }) meanAbsoluteDifference!:
    number | null;
  @ApiProperty({ nullable: true, description: 'Correlación de Pearson (null con menos de 3 juegos)' })
  correlation!: number | null;
}
