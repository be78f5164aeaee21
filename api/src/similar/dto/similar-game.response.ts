import { ApiProperty } from '@nestjs/swagger';
import { GameSummaryResponse } from '../../games/dto/game-responses.dto.js';

export class SimilarGameResponse extends GameSummaryResponse {
  @ApiProperty({
    example: 'Misma saga',
    description: "Por qué se parece: 'Misma saga', 'Mismo estudio (…)', 'Géneros: …'",
  })
  reason!: string;
}
