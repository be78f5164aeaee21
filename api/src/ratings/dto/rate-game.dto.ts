import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import type { OwnRating, PlayerAverage, RatingBody } from '@veredicto/contract';

export class RateGameDto implements RatingBody {
  @ApiProperty({ description: 'igdbID del juego' })
  @IsInt({ message: 'El identificador del juego no es válido' })
  @Min(1, { message: 'El identificador del juego no es válido' })
  @Max(2_147_483_647, { message: 'El identificador del juego no es válido' })
  gameId!: number;

  @ApiProperty({ minimum: 0, maximum: 100 })
  @IsInt({ message: 'La puntuación debe ser un número entero entre 0 y 100' })
  @Min(0, { message: 'La puntuación debe ser un número entero entre 0 y 100' })
  @Max(100, { message: 'La puntuación debe ser un número entero entre 0 y 100' })
  score!: number;
}

export class PlayerAverageResponse implements PlayerAverage {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Media de los jugadores, 0-100; null sin ninguna',
  })
  avUserRatings!: number | null;
  @ApiProperty({ description: 'Puntuaciones de jugadores' }) userRatingCount!: number;
}

export class OwnRatingResponse implements OwnRating {
  @ApiProperty({ minimum: 0, maximum: 100, example: 85 }) score!: number;
}
