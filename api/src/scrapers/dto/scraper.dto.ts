import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** POST /api/games/scraper/game, form-encoded: a page of critic reviews for one game. */
export class GameScraperDto {
  @ApiProperty({ description: 'URL http(s) de la página de críticas' })
  @IsString({ message: 'La URL es obligatoria' })
  url!: string;

  @ApiProperty({ description: 'igdbID del juego' })
  @Type(() => Number)
  @IsInt({ message: 'El identificador del juego no es válido' })
  @Min(1, { message: 'El identificador del juego no es válido' })
  @Max(2_147_483_647, { message: 'El identificador del juego no es válido' })
  igdbId!: number;
}

/** POST /api/games/best/{igdbID}, form-encoded; the route's igdbID is the one used. */
export class BestGameDto {
  @ApiPropertyOptional()
  @IsOptional()
  igdbId?: string;

  @ApiPropertyOptional({ description: 'URL http(s) de la imagen de fondo; vacío = la del juego' })
  @IsOptional()
  @IsString({ message: 'imageArt debe ser una URL' })
  imageArt?: string;
}
