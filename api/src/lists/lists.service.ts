import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { GameList } from '@veredicto/db';
import { RatingsService } from '../ratings/ratings.service.js';
import type { AddGameDto, CreateListDto } from './dto/list.dto.js';
import { normalizeListName } from './list-name.js';

// Another user's list answers the same as a missing one.
const LIST_NOT_FOUND = 'Lista no encontrada';

@Injectable()
export class ListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ratings: RatingsService,
  ) {}

  private get lists() {
    return this.em.getRepository(GameList);
  }

  async findOwn(userId: number) {
    await this.lists.ensureReservedLists(userId);
    return (await this.lists.findForUser(userId)).map((list) => ({
      id: list.id,
      name: list.name,
      reserved: list.reserved,
      gameIds: list.gameIgdbIds,
    }));
  }

  async create(userId: number, dto: CreateListDto): Promise<string> {
    // The reserved names are taken by every user, so they are created first to make them collide.
    await this.lists.ensureReservedLists(userId);
    await this.em.transactional(async (tx) => {
      const lists = tx.getRepository(GameList);
      const listId = await lists.createList(userId, dto.name);
      if (listId === null) throw new ConflictException('Ya tienes una lista con ese nombre');
      await lists.addGames(listId, dto.gameIds ?? []);
    });
    return 'Lista creada con éxito';
  }

  async remove(userId: number, listId: number): Promise<void> {
    const list = await this.lists.findOwnedById(userId, listId);
    if (!list) throw new NotFoundException(LIST_NOT_FOUND);
    if (list.reserved) throw new BadRequestException('Las listas reservadas no se pueden eliminar');
    await this.lists.deleteList(list.id);
  }

  /** docs/CONTRACT.md §16: the names of the caller's lists that hold the game (an unknown game: 404). */
  async listsHolding(userId: number, igdbId: number): Promise<string[]> {
    await this.ratings.findGameId(igdbId);
    return this.lists.findNamesHolding(userId, igdbId);
  }

  /** The games of the user's list with that name (any case), or null when the list is empty. */
  async gamesOf(userId: number, listName: string) {
    const name = normalizeListName(listName);
    if (name) await this.lists.ensureReservedLists(userId);
    const list = name ? await this.lists.findOwnedByName(userId, name) : null;
    if (!list) throw new NotFoundException(LIST_NOT_FOUND);
    const games = await this.lists.findGames(list.id);
    if (games.length === 0) return null;
    return games.map((game) => ({
      id: game.id,
      title: game.title,
      igdbID: game.igdbId,
      imageCover: game.imageCover,
      slug: game.slug,
    }));
  }

  async addGame(userId: number, dto: AddGameDto) {
    const name = normalizeListName(dto.name);
    if (name) await this.lists.ensureReservedLists(userId);
    const list = name ? await this.lists.findOwnedByName(userId, name) : null;
    if (!list) throw new NotFoundException(LIST_NOT_FOUND);
    await this.ratings.findGameId(dto.gameId);
    await this.lists.addGames(list.id, [dto.gameId]);
    return { message: 'Juego agregado con éxito.' };
  }

  async removeGame(userId: number, listId: number, igdbId: number): Promise<void> {
    const list = await this.lists.findOwnedById(userId, listId);
    if (!list) throw new NotFoundException(LIST_NOT_FOUND);
    await this.lists.removeGame(list.id, igdbId);
  }
}
