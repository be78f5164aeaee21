import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import {
  ALERT_KIND_KEYS,
  ALERT_KINDS,
  routes,
  siteUrl,
  type AlertKind,
  type AlertKindKey,
  type NotificationsPage,
} from '@veredicto/contract';
import { AlertSettings, Notification } from '@veredicto/db';
import icalGenerator from 'ical-generator';
import type {
  AlertSettingsDto,
  AlertSettingsResponseDto,
  MarkReadDto,
  NotificationsPageDto,
} from './dto/alerts.dto.js';

const PAGE_SIZE = 20;

/** The bell, the notifications page, the alert settings, the unsubscribe link and the calendar feed. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get notifications() {
    return this.em.fork().getRepository(Notification);
  }

  private get settings() {
    return this.em.fork().getRepository(AlertSettings);
  }

  async list(userId: number, page = 0): Promise<NotificationsPageDto> {
    const repository = this.notifications;
    const [rows, unread] = await Promise.all([
      repository.page(userId, page, PAGE_SIZE),
      repository.unread(userId),
    ]);
    return {
      content: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        igdbID: row.igdbId,
        slug: row.slug,
        title: row.title,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      })),
      unread,
    };
  }

  async markRead(userId: number, dto: MarkReadDto): Promise<Pick<NotificationsPage, 'unread'>> {
    if (!dto.all && !dto.ids) throw new BadRequestException('Indica ids o all: true');
    const repository = this.notifications;
    await repository.markRead(userId, dto.all ? 'all' : dto.ids!.map(String));
    return { unread: await repository.unread(userId) };
  }

  async readSettings(userId: number): Promise<AlertSettingsResponseDto> {
    const row = await this.settings.read(userId);
    const kinds = Object.fromEntries(
      ALERT_KINDS.map((kind) => [ALERT_KIND_KEYS[kind], !row.muted.includes(kind)]),
    ) as Record<AlertKindKey, boolean>;
    return {
      email: row.email,
      kinds,
      platforms: row.platforms,
      calendarUrl: siteUrl(this.config.PUBLIC_URL, '/api/user/calendar.ics', { token: row.calendarToken }),
    };
  }

  async saveSettings(userId: number, dto: AlertSettingsDto): Promise<AlertSettingsResponseDto> {
    const muted: AlertKind[] = ALERT_KINDS.filter((kind) => dto.kinds[ALERT_KIND_KEYS[kind]] === false);
    await this.settings.save(userId, { email: dto.email, muted, platforms: [...new Set(dto.platforms)] });
    return this.readSettings(userId);
  }

  async renewCalendar(userId: number): Promise<AlertSettingsResponseDto> {
    await this.settings.renewCalendarToken(userId);
    return this.readSettings(userId);
  }

  /** RFC 8058 one-click: mail off for the token's user (the bell keeps ringing). */
  async unsubscribe(token: string): Promise<void> {
    if (!(await this.settings.unsubscribe(token))) {
      throw new NotFoundException('Enlace de baja no válido o caducado');
    }
  }

  /** RFC 5545: one all-day event per followed game with a release day; the UID is the game's, stable. */
  async calendar(token: string): Promise<string> {
    const repository = this.settings;
    const userId = await repository.calendarOwner(token);
    if (userId === null) throw new NotFoundException('Calendario no encontrado');
    const host = new URL(this.config.PUBLIC_URL).hostname || 'veredicto.local';
    const calendar = icalGenerator({
      name: `${this.config.SITE_NAME}: juegos que sigues`,
      prodId: { company: this.config.SITE_NAME, product: 'alertas', language: 'ES' },
      ttl: 6 * 3600,
    });
    for (const game of await repository.calendarGames(userId)) {
      const [year, month, day] = game.releaseDate.split('-').map(Number);
      calendar.createEvent({
        id: `game-${game.igdbId}@${host}`,
        start: new Date(Date.UTC(year, month - 1, day)),
        allDay: true,
        summary: `Sale ${game.title}`,
        url: siteUrl(
          this.config.PUBLIC_URL,
          routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbId }),
        ),
        stamp: new Date(Date.UTC(year, month - 1, day)),
      });
    }
    return calendar.toString();
  }
}
