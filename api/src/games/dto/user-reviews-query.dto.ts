import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { USER_REVIEW_SORTS, type UserReviewSort } from '@veredicto/contract';

export class UserReviewsQueryDto {
  @ApiPropertyOptional({
    enum: USER_REVIEW_SORTS,
    default: 'helpful',
    description:
      'helpful: las más útiles primero (límite inferior de Wilson al 95 %); recent: las más nuevas',
  })
  @IsOptional()
  @IsIn(USER_REVIEW_SORTS, { message: `sort debe ser uno de: ${USER_REVIEW_SORTS.join(', ')}` })
  sort: UserReviewSort = 'helpful';
}
