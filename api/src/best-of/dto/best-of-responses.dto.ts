import { ApiProperty } from '@nestjs/swagger';
import type { BestOfLists, BestOfRank } from '@veredicto/contract';

export class BestOfRankResponse implements BestOfRank {
  @ApiProperty({ example: 2023 }) year!: number;
  @ApiProperty({ nullable: true, example: 'ps5', description: 'Plataforma (null: todas)' }) platform!:
    string | null;
  @ApiProperty({ example: 3, description: 'Puesto en la lista (1 = el mejor)' }) rank!: number;
}

class BestOfPlatformListResponse {
  @ApiProperty({ example: 'ps5' }) id!: string;
  @ApiProperty({ example: 42, description: 'Juegos en la lista' }) games!: number;
}

class BestOfYearListResponse {
  @ApiProperty({ example: 2022 }) year!: number;
  @ApiProperty({ example: 180, description: 'Juegos en la lista del año' }) games!: number;
  @ApiProperty({ type: [BestOfPlatformListResponse] }) platforms!: BestOfPlatformListResponse[];
}

export class BestOfListsResponse implements BestOfLists {
  @ApiProperty({ type: [BestOfYearListResponse], description: 'Del año más reciente al más antiguo' })
  years!: BestOfYearListResponse[];
}
