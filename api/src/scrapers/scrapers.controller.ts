import { Body, Controller, Get, Header, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { BestGameDto, GameScraperDto } from './dto/scraper.dto.js';
import { ScrapersService } from './scrapers.service.js';

/** Admin routes under /api/games; registered before GamesController so 'scraper' is not read as an id. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/games')
export class ScrapersController {
  constructor(private readonly scrapers: ScrapersService) {}

  @Post('scraper/game')
  @HttpCode(202)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({
    summary: 'Añade (o reutiliza) la página de críticas de un juego y la scrapea: 202 {jobId, queue}',
  })
  addSource(@Body() dto: GameScraperDto) {
    return this.scrapers.addGameSource(dto.url, dto.igdbId);
  }

  @Get('scraper')
  @HttpCode(202)
  @ApiOperation({ summary: 'Lanza el scraper general (todas las fuentes e IGDB si está configurado)' })
  runCatalogue() {
    return this.scrapers.runCatalogue();
  }

  @Post('best/:igdbID')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({ summary: 'Marca el juego destacado de la portada (texto plano)' })
  setFeatured(@Param('igdbID', IgdbIdPipe) igdbId: number, @Body() dto: BestGameDto) {
    return this.scrapers.setFeatured(igdbId, dto.imageArt);
  }
}
