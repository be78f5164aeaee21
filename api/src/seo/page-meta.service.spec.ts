import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '@veredicto/config';
import { PageMetaService } from './page-meta.service.js';

// Pages that need no database row: their texts come from the contract, as the front's do.
describe('PageMetaService', () => {
  const service = new PageMetaService({} as EntityManager, { SITE_NAME: 'Veredicto' } as AppConfig);

  it.each([
    ['/', 200, 'Críticas, puntuaciones y noticias de videojuegos | Veredicto', '/'],
    ['/games/all', 200, 'Juegos | Veredicto', '/games/all'],
    ['/games/ps5', 200, 'Juegos de PlayStation 5 | Veredicto', '/games/ps5'],
    ['/news/page/3', 200, 'Noticias de Videojuegos | Veredicto', '/news/allNews'],
    ['/register', 200, 'Registro | Veredicto', '/register'],
    ['/user/profile', 200, 'Mi cuenta | Veredicto', '/user/profile'],
    ['/user/lists', 200, 'Mis listas | Veredicto', '/user/lists'],
    ['/games/dreamcast', 404, 'Página no encontrada | Veredicto', '/'],
    ['/toString', 404, 'Página no encontrada | Veredicto', '/'],
  ])('%s → %i %s', async (path, status, title, canonicalPath) => {
    const meta = await service.forPath(path, {});
    expect(meta).toMatchObject({ status, title, canonicalPath });
    expect(meta.description.length).toBeGreaterThan(0);
  });

  it('titles a search with its terms and keeps it out of the index', async () => {
    expect(await service.forPath('/results', { name: 'zelda' })).toMatchObject({
      title: 'zelda | Veredicto',
      description: 'Resultados de la búsqueda de "zelda": críticas y puntuaciones.',
      noindex: true,
    });
  });
});
