import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { NoContentWhenAbsent } from '../common/no-content-when-absent.interceptor.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { AddGameDto, CreateListDto } from './dto/list.dto.js';
import { ListsService } from './lists.service.js';

const listId = new PositiveIdPipe('El identificador de la lista no es válido');

@ApiTags('lists')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @Get('gamelist')
  @ApiOperation({
    summary: "Listas propias, con la reservada 'Deseados' (gameIds = igdbIDs)",
  })
  findOwn(@CurrentUser() user: AuthUser) {
    return this.lists.findOwn(user.id);
  }

  @Get('gamelist/contains/:igdbID')
  @ApiOperation({ summary: 'Nombres de las listas propias que contienen el juego (docs/CONTRACT.md §16)' })
  listsHolding(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.lists.listsHolding(user.id, igdbId);
  }

  @LimitUserWrites()
  @Post('gamelist')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Crea una lista (nombre único por usuario, sin distinguir mayúsculas)' })
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateListDto) {
    return this.lists.create(user.id, dto);
  }

  @LimitUserWrites()
  @Post('gamelist/addGame')
  @HttpCode(200)
  @ApiOperation({ summary: 'Añade un juego a la lista con ese nombre (idempotente)' })
  addGame(@CurrentUser() user: AuthUser, @Body() dto: AddGameDto) {
    return this.lists.addGame(user.id, dto);
  }

  @LimitUserWrites()
  @Delete('gamelist/:listId/game/:igdbID')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita un juego de una lista propia' })
  removeGame(
    @CurrentUser() user: AuthUser,
    @Param('listId', listId) id: number,
    @Param('igdbID', IgdbIdPipe) igdbId: number,
  ) {
    return this.lists.removeGame(user.id, id, igdbId);
  }

  @LimitUserWrites()
  @Delete('gamelist/:listId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Elimina una lista propia (las reservadas no se pueden eliminar)' })
  remove(@CurrentUser() user: AuthUser, @Param('listId', listId) id: number) {
    return this.lists.remove(user.id, id);
  }

  // Declared last and registered after the reviews module: a one-segment wildcard before '/games'.
  @Get(':listName/games')
  @ApiOperation({ summary: 'Juegos de una lista propia por nombre (204 si está vacía)' })
  @NoContentWhenAbsent()
  games(@CurrentUser() user: AuthUser, @Param('listName') listName: string) {
    return this.lists.gamesOf(user.id, listName);
  }
}
