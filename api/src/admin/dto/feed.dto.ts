import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class CreateFeedDto {
  @ApiProperty({ description: 'URL http(s) de un feed RSS o Atom' })
  @IsString({ message: 'La URL es obligatoria' })
  url!: string;
}
