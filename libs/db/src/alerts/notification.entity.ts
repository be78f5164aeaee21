import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { Alert } from './alert.entity.js';
import { NotificationRepository } from './notification.repository.js';

/** How a notification is still to be mailed: on its own at once, in the next digest, or not at all (null). */
export type NotificationMail = 'immediate' | 'digest';

/**
 * One alert for one user: the bell counts the unread ones. Unique per (user, alert), so a retried batch, a
 * worker killed mid fan-out or the same change arriving twice adds nothing. `mail` is what remains to be
 * mailed; it is cleared (mailedAt set) once the mail job is queued.
 */
@Entity({ tableName: 'notifications', repository: () => NotificationRepository })
@Unique({ name: 'notifications_user_alert_unique', properties: ['user', 'alert'] })
@Index({ name: 'notifications_user_idx', properties: ['user', 'id'] })
@Index({ name: 'notifications_alert_idx', properties: ['alert', 'user'] })
export class Notification {
  [EntityRepositoryType]?: NotificationRepository;

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Alert, { deleteRule: 'cascade' })
  alert!: Alert;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  readAt?: Date | null;

  @Property({ type: 'string', length: 10, nullable: true })
  mail?: NotificationMail | null;

  @Property({ type: 'timestamptz', nullable: true })
  mailedAt?: Date | null;
}
