import type { SqlEntityManager } from '@mikro-orm/postgresql';

/**
 * A query class: a repository that is no entity's own (BestOfRepository, GameFiguresRepository...), made on
 * an EntityManager and, for some reads, the connection they take (a `ConnectionType`).
 */
export type QueryRepositoryClass<
  Manager extends SqlEntityManager,
  Repository,
  Extra extends unknown[],
> = new (em: Manager, ...extra: Extra) => Repository;

/**
 * The one way to obtain a query class, as `em.getRepository(Entity)` is the one way to obtain an entity's
 * repository: on the EntityManager it is given (a request's, a job's fork, a transaction), with the class's
 * other arguments after it. Made on each call, like a fork: a query class holds nothing but its
 * EntityManager and what it is given here.
 */
export function repository<Manager extends SqlEntityManager, Repository, Extra extends unknown[]>(
  em: Manager,
  Class: QueryRepositoryClass<Manager, Repository, Extra>,
  ...extra: Extra
): Repository {
  return new Class(em, ...extra);
}
