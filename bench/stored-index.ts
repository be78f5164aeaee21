import type { MikroORM } from '@mikro-orm/postgresql';
import {
  catalogueFilterKey,
  CatalogueOrderingRepository,
  type CatalogueOrderingKey,
  repository,
  type StoredPageIndex,
} from '@veredicto/db';

/** An ordering walked as the workers walk it, and its anchors as the API reads them. */
export async function storedIndex(orm: MikroORM, ordering: CatalogueOrderingKey): Promise<StoredPageIndex> {
  await repository(orm.em.fork(), CatalogueOrderingRepository).walk(ordering);
  const index = await repository(orm.em.fork(), CatalogueOrderingRepository).findIndex(
    ordering.sort,
    catalogueFilterKey(ordering.filters),
  );
  if (!index) throw new Error(`${ordering.sort} ${catalogueFilterKey(ordering.filters)}: not walked`);
  return index;
}
