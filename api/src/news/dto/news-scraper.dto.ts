import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** Sent form-encoded by the admin screen (JSON works too). */
export class NewsScraperDto {
  @ApiProperty({ description: 'URL http(s) de la noticia' })
  @IsString({ message: 'La URL es obligatoria' })
  url!: string;
}
