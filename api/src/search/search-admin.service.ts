import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { SearchAlias } from '@veredicto/contract';
import { GameAlias, SearchMiss } from '@veredicto/db';
import { ReadCacheSync } from '../common/read-cache-sync.js';
import { findGameOr404 } from '../games/game-lookup.js';
import type { AddAliasDto } from './dto/add-alias.dto.js';

const MISSES_LISTED = 200;

/** The operator's side of search: what people searched in vain, and the aliases that fix it. */
@Injectable()
export class SearchAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly readCache: ReadCacheSync,
  ) {}

  misses() {
    return this.em.getRepository(SearchMiss).findTop(MISSES_LISTED);
  }

  async dismissMiss(term: string): Promise<void> {
    if (!(await this.em.getRepository(SearchMiss).remove(term)))
      throw new NotFoundException('Búsqueda no encontrada');
  }

  private async gameId(igdbId: number): Promise<number> {
    return (await findGameOr404(this.em, igdbId)).id;
  }

  async aliases(igdbId: number): Promise<SearchAlias[]> {
    return this.em.getRepository(GameAlias).findForGame(await this.gameId(igdbId));
  }

  async addAlias(igdbId: number, dto: AddAliasDto): Promise<SearchAlias> {
    const gameId = await this.gameId(igdbId);
    const added = await this.em.getRepository(GameAlias).addAdminAlias(gameId, dto.alias.trim());
    if (!added) throw new ConflictException('El juego ya tiene ese alias');
    if (dto.missTerm) await this.em.getRepository(SearchMiss).remove(dto.missTerm);
    // Cached searches (and their zero-result answers) would hide the new alias for a moment.
    await this.readCache.clearEverywhere();
    return added;
  }

  async deleteAlias(igdbId: number, aliasId: number): Promise<void> {
    const gameId = await this.gameId(igdbId);
    if (!(await this.em.getRepository(GameAlias).deleteAdminAlias(gameId, aliasId)))
      throw new NotFoundException('Alias no encontrado');
    await this.readCache.clearEverywhere();
  }
}
