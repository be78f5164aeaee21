import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { AdminGuard } from './admin.guard.js';
import { UnusualActivityService } from './unusual-activity.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/unusual-activity')
export class UnusualActivityController {
  constructor(private readonly unusual: UnusualActivityService) {}

  @Get()
  @ApiOperation({
    summary:
      'Ventanas de actividad inusual en las puntuaciones (señaladas primero, las más recientes antes), con las cifras que las explican',
  })
  list() {
    return this.unusual.list();
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Descarta una ventana: sus puntuaciones vuelven a la media, recalculada antes de responder',
  })
  @ApiNotFoundResponse({ description: 'Ventana no encontrada o ya descartada' })
  dismiss(@Param('id', new PositiveIdPipe('El identificador de la ventana no es válido')) id: number) {
    return this.unusual.dismiss(id);
  }
}
