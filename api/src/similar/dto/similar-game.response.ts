import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SimilarGame, SuggestionMark } from '@veredicto/contract';
import { GameSummaryResponse } from '../../games/dto/game-responses.dto.js';

export class SimilarGameResponse extends GameSummaryResponse implements SimilarGame {
  @ApiProperty({
    example: 'Misma saga',
    description: "Por qué se parece: 'Misma saga', 'Mismo estudio (…)', 'Géneros: …'",
  })
  reason!: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: ['dlc', 'edition'],
    description:
      "'dlc' un añadido (siempre tras los juegos base); 'edition' una versión posterior de un título ya en la lista",
  })
  mark!: SuggestionMark | null;
}
