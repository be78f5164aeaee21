import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { AddAliasDto } from './dto/add-alias.dto.js';
import { SearchAdminService } from './search-admin.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin')
export class SearchAdminController {
  constructor(private readonly search: SearchAdminService) {}

  @Get('search-misses')
  @ApiOperation({ summary: 'Búsquedas sin resultados, las más repetidas primero (sin datos personales)' })
  misses() {
    return this.search.misses();
  }

  @Delete('search-misses/:term')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita una búsqueda sin resultados de la lista' })
  dismissMiss(@Param('term') term: string) {
    return this.search.dismissMiss(term);
  }

  @Get('games/:id/aliases')
  @ApiOperation({
    summary: 'Alias de búsqueda de un juego (siglas, título en español, IGDB, administración)',
  })
  aliases(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.search.aliases(igdbId);
  }

  @Post('games/:id/aliases')
  @ApiOperation({ summary: 'Añade un alias de búsqueda a un juego' })
  addAlias(@Param('id', IgdbIdPipe) igdbId: number, @Body() dto: AddAliasDto) {
    return this.search.addAlias(igdbId, dto);
  }

  @Delete('games/:id/aliases/:aliasId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Borra un alias añadido por la administración' })
  deleteAlias(@Param('id', IgdbIdPipe) igdbId: number, @Param('aliasId', PositiveIdPipe) aliasId: number) {
    return this.search.deleteAlias(igdbId, aliasId);
  }
}
