import { ApiProperty } from '@nestjs/swagger';

export class BestOfRankResponse {
  @ApiProperty({ example: 2023 }) year!: number;
  @ApiProperty({ nullable: true, example: 'ps5', description: 'Plataforma (null: todas)' }) platform!:
    string | null;
  @ApiProperty({ example: 3, description: 'Puesto en la lista (1 = el mejor)' }) rank!: number;
}
