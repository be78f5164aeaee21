import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AppMetaRepository } from './app-meta.repository.js';

/** Small key-value facts about the installation (e.g. which version of the demo seed was loaded). */
@Entity({ tableName: 'app_meta', repository: () => AppMetaRepository })
export class AppMeta {
  [EntityRepositoryType]?: AppMetaRepository;

  @PrimaryKey({ length: 100 })
  key!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
