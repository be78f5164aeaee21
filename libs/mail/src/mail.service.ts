import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, fromRoot, type ApiConfig } from '@veredicto/config';
import type { MailTemplateData, MailTemplateName } from './mail-templates.js';
import { renderMail, type RenderedMail } from './render-mail.js';

/** The outbox's sub-folder of keyed mails already written. */
const SENT_MARKERS = '.sent';

/** The settings the sender reads, which the API and the workers both validate. */
export type MailConfig = Pick<
  ApiConfig,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'DATA_DIR'
  | 'SITE_NAME'
  | 'CONTACT_EMAIL'
  | 'PUBLIC_URL'
  | 'MAIL_DKIM_DOMAIN'
  | 'MAIL_DKIM_SELECTOR'
  | 'MAIL_DKIM_PRIVATE_KEY'
>;

/**
 * Where a process records the keyed mails it hands to the SMTP server (the workers: PostgreSQL's
 * mail_deliveries). `begin` is false when the key was sent already: a retried job then sends nothing.
 */
export interface MailSentKeys {
  begin(fingerprint: string): Promise<boolean>;
  markSent(fingerprint: string): Promise<void>;
}
export const MAIL_SENT_KEYS = Symbol('MAIL_SENT_KEYS');

export interface SendOptions {
  /**
   * What makes this mail one of a kind (a change id, a report id): the same template and key give the same
   * Message-ID, and in the .eml outbox a mail already written is not written again.
   */
  key?: string;
  /**
   * The one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's button stops the mails.
   */
  unsubscribeUrl?: string;
}

export interface SentMail {
  messageId: string;
  /** True when the key had been sent already and nothing was sent this time. */
  skipped?: boolean;
  /** The .eml file written, when there is no SMTP server (null when sent, or already written before). */
  file: string | null;
}

/**
 * Renders a template and sends it: real SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file under $DATA_DIR/outbox/, so the embedded run works without a mail server (docs/CONTRACT.md
 * §3). The API sends its account mails with it; the workers through the send-mail job.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  readonly outboxDir: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MailConfig,
    @Optional() @Inject(MAIL_SENT_KEYS) private readonly sentKeys: MailSentKeys | null = null,
  ) {
    // Signed on both paths, so the .eml outbox shows the signature a mailbox would check.
    const dkim =
      config.MAIL_DKIM_DOMAIN && config.MAIL_DKIM_SELECTOR && config.MAIL_DKIM_PRIVATE_KEY
        ? {
            domainName: config.MAIL_DKIM_DOMAIN,
            keySelector: config.MAIL_DKIM_SELECTOR,
            privateKey: config.MAIL_DKIM_PRIVATE_KEY,
          }
        : undefined;
    if (config.SMTP_URL) {
      this.transport = nodemailer.createTransport(config.SMTP_URL, { dkim });
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
        dkim,
      });
      const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : fromRoot(config.DATA_DIR);
      this.outboxDir = join(dataDir, 'outbox');
    }
  }

  render<T extends MailTemplateName>(template: T, data: MailTemplateData[T]): RenderedMail {
    return renderMail(template, data, {
      siteName: this.config.SITE_NAME,
      contactEmail: this.config.CONTACT_EMAIL,
    });
  }

  async send<T extends MailTemplateName>(
    to: string,
    template: T,
    data: MailTemplateData[T],
    { key, unsubscribeUrl }: SendOptions = {},
  ): Promise<SentMail> {
    const mail = this.render(template, data);
    const fingerprint =
      key === undefined ? null : createHash('sha256').update(`${template}\n${key}`).digest('hex');
    const host = new URL(this.config.PUBLIC_URL).hostname || 'veredicto.local';
    const messageId = `<${fingerprint ?? randomBytes(16).toString('hex')}@${host}>`;
    const suffix = `-${template}-${(fingerprint ?? randomBytes(8).toString('hex')).slice(0, 16)}.eml`;
    if (this.outboxDir && fingerprint && (await this.alreadyWritten(fingerprint))) {
      return { messageId, file: null, skipped: true };
    }
    // On SMTP the key is recorded before the hand-over: a job retried after the server took it sends nothing.
    const smtpKey = !this.outboxDir && fingerprint && this.sentKeys ? fingerprint : null;
    if (smtpKey && !(await this.sentKeys!.begin(smtpKey))) return { messageId, file: null, skipped: true };
    const info = await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId,
      ...(unsubscribeUrl && {
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    });
    if (smtpKey) await this.sentKeys!.markSent(smtpKey);
    if (!this.outboxDir) return { messageId, file: null };
    await mkdir(this.outboxDir, { recursive: true });
    const file = join(this.outboxDir, `${Date.now()}${suffix}`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    if (fingerprint) await this.markWritten(fingerprint);
    this.logger.log(`e-mail to ${to} written to ${file}`);
    return { messageId, file };
  }

  /**
   * One marker file per keyed mail (`outbox/.sent/<fingerprint>`): a look-up costs one stat however many
   * mails the outbox holds (listing the folder made a fan-out of N mails cost N² reads).
   */
  private async alreadyWritten(fingerprint: string): Promise<boolean> {
    return access(join(this.outboxDir!, SENT_MARKERS, fingerprint)).then(
      () => true,
      () => false,
    );
  }

  private async markWritten(fingerprint: string): Promise<void> {
    await mkdir(join(this.outboxDir!, SENT_MARKERS), { recursive: true });
    await writeFile(join(this.outboxDir!, SENT_MARKERS, fingerprint), '', { mode: 0o600 });
  }
}
