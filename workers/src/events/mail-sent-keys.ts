import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type Provider } from '@nestjs/common';
import { MailDelivery } from '@veredicto/db';
import { MAIL_SENT_KEYS, type MailSentKeys } from '@veredicto/mail';

/** The send-mail jobs' keys in PostgreSQL (mail_deliveries), shared by every worker process. */
@Injectable()
export class MailDeliveryKeys implements MailSentKeys {
  constructor(private readonly em: EntityManager) {}

  begin(fingerprint: string): Promise<boolean> {
    return this.em.fork().getRepository(MailDelivery).begin(fingerprint);
  }

  markSent(fingerprint: string): Promise<void> {
    return this.em.fork().getRepository(MailDelivery).markSent(fingerprint);
  }
}

export const MAIL_SENT_KEYS_PROVIDER: Provider = { provide: MAIL_SENT_KEYS, useClass: MailDeliveryKeys };
