import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { MailDeliveryRepository } from './mail-delivery.repository.js';

/**
 * A keyed mail handed to the SMTP server (docs/CONTRACT.md §18): recorded before the hand-over and marked
 * sent after it, so a retried job finds its mail already sent and sends nothing. Holds a hash of the
 * template and the job's key, no address: not personal data.
 */
@Entity({ tableName: 'mail_deliveries', repository: () => MailDeliveryRepository })
export class MailDelivery {
  [EntityRepositoryType]?: MailDeliveryRepository;

  /** sha256 of the template and the job's key (the Message-ID's left part). */
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the server accepted it; null while the hand-over is under way or failed. */
  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;
}
