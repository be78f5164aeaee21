import { Body, Controller, Param, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { UpdateGameFactsDto } from './dto/update-game-facts.dto.js';
import { GameFactsService } from './game-facts.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/games')
export class GameFactsController {
  constructor(private readonly facts: GameFactsService) {}

  @Patch(':id')
  @ApiOperation({
    summary:
      'Editar juego: fecha de salida, su precisión y plataformas; cada cambio queda registrado y avisa',
  })
  update(@Param('id', IgdbIdPipe) igdbId: number, @Body() dto: UpdateGameFactsDto) {
    return this.facts.update(igdbId, dto);
  }
}
