import { Body, Controller, Delete, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { LimitUserReports } from '../rate-limits/user-report-limit.guard.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { ReportDto, VoteDto } from './dto/review-feedback.dto.js';
import { ReviewFeedbackService } from './review-feedback.service.js';

const reviewId = new PositiveIdPipe('El identificador de la crítica no es válido');

@ApiTags('reviews')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/reviews')
export class ReviewFeedbackController {
  constructor(private readonly feedback: ReviewFeedbackService) {}

  @LimitUserWrites()
  @Put(':id/vote')
  @HttpCode(204)
  @ApiOperation({ summary: '¿Te ha sido útil? Un voto por lector y crítica; nunca en la propia (403)' })
  vote(@CurrentUser() user: AuthUser, @Param('id', reviewId) id: number, @Body() dto: VoteDto) {
    return this.feedback.vote(user.id, id, dto.helpful);
  }

  @LimitUserWrites()
  @Delete(':id/vote')
  @HttpCode(204)
  @ApiOperation({ summary: 'Retira el voto propio de una crítica' })
  withdrawVote(@CurrentUser() user: AuthUser, @Param('id', reviewId) id: number) {
    return this.feedback.withdrawVote(user.id, id);
  }

  @LimitUserReports()
  @Post(':id/report')
  @HttpCode(201)
  @ApiOperation({ summary: 'Denuncia una crítica de otro usuario para que la revise un administrador' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Ya tienes una denuncia abierta de esta crítica' })
  report(@CurrentUser() user: AuthUser, @Param('id', reviewId) id: number, @Body() dto: ReportDto) {
    return this.feedback.report(user.id, id, dto);
  }
}
