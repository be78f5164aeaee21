import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, fromRoot, type AppConfig } from '@veredicto/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * $DATA_DIR/outbox/, so the embedded run works without a mail server (decisions.md section 3).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  readonly outboxDir: string | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.SMTP_URL) {
      this.transport = nodemailer.createTransport(config.SMTP_URL);
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : fromRoot(config.DATA_DIR);
      this.outboxDir = join(dataDir, 'outbox');
    }
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
    if (!this.outboxDir) return;
    await mkdir(this.outboxDir, { recursive: true });
    const file = join(this.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.logger.log(`e-mail to ${message.to} written to ${file}`);
  }
}
