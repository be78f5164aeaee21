import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EncodedAnswers, sendEncoded } from '../common/encoded-answers.js';
import { AdminGuard } from '../admin/admin.guard.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { NewsScraperDto } from './dto/news-scraper.dto.js';
import { NewsService } from './news.service.js';

const newsId = new PositiveIdPipe('El identificador de la noticia no es válido');

@ApiTags('news')
@Controller('api/news')
export class NewsController {
  constructor(
    private readonly news: NewsService,
    private readonly answers: EncodedAnswers,
  ) {}

  @Get('all')
  @ApiOperation({ summary: 'Todas las noticias, las más recientes primero' })
  async all(@Res() response: Response) {
    // Cached and already serialised: written as it is, compressed once per cached body.
    const body = await this.news.all();
    sendEncoded(response.req, response, this.answers, body, () => body);
  }

  @Post('scraper')
  @HttpCode(202)
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({
    summary: 'Importa una noticia desde su URL (trabajo en segundo plano): 202 {jobId, queue}',
  })
  scrape(@Body() dto: NewsScraperDto) {
    return this.news.enqueueImport(dto.url);
  }

  @Get(':newID')
  @ApiOperation({ summary: 'Una noticia por su newID' })
  one(@Param('newID', newsId) id: number) {
    return this.news.one(id);
  }

  @Delete(':newID')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  remove(@Param('newID', newsId) id: number) {
    return this.news.remove(id);
  }
}
