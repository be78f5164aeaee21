import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { routes, siteUrl } from '@veredicto/contract';
import { Alert, Notification, type DigestRow } from '@veredicto/db';
import { JobGateway, JobName, type JobResults, type SendMailPayload } from '@veredicto/jobs';
import { releaseAlert } from './alert-builder.js';

/** Followers per notify-followers job: one INSERT … SELECT of this many rows, well under a second. */
export const ALERT_BATCH_SIZE = 1000;

/** Notifications read per digest round (users are never split between rounds but the last). */
const DIGEST_ROUND = 5000;

/** Today in Spain (yyyy-MM-dd), whatever the server's zone. */
export const madridDay = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);

/**
 * The fan-out of an alert: the followers cut into ranges of ids (one job each, so no job holds 100,000
 * users), each range one INSERT … SELECT of notifications that skips those already there, then the mails
 * still pending in the range queued (deduplicated per user and alert) and marked. A job retried, or taken
 * over after its worker died, redoes only what is missing.
 */
@Injectable()
export class AlertFanOutService {
  constructor(
    private readonly orm: MikroORM,
    private readonly gateway: JobGateway,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
  ) {}

  private readonly url = (path: string, query?: Record<string, string>) =>
    siteUrl(this.config.PUBLIC_URL, path, query);

  private readonly unsubscribeUrl = (token: string) => this.url('/api/alerts/unsubscribe', { token });

  async fanOut(alertId: string): Promise<JobResults[JobName.FanOutAlert]> {
    const alerts = this.orm.em.fork().getRepository(Alert);
    const alert = await alerts.findOne({ id: alertId });
    if (!alert) return { alertId, followers: 0, batches: 0 };
    const ids = await alerts.recipientIds(alert);
    const batches = [];
    for (let start = 0; start < ids.length; start += ALERT_BATCH_SIZE) {
      const range = ids.slice(start, start + ALERT_BATCH_SIZE);
      batches.push({ alertId, fromUserId: range[0], toUserId: range[range.length - 1] });
    }
    await this.gateway.enqueueMany(JobName.NotifyFollowers, batches);
    return { alertId, followers: ids.length, batches: batches.length };
  }

  async notify(
    alertId: string,
    fromUserId: number,
    toUserId: number,
  ): Promise<JobResults[JobName.NotifyFollowers]> {
    const alerts = this.orm.em.fork().getRepository(Alert);
    const notified = await alerts.notifyFollowers(alertId, fromUserId, toUserId);
    const pending = await alerts.pendingImmediateMails(alertId, fromUserId, toUserId);
    if (pending.length > 0) {
      const game = await alerts.withGame(alertId);
      if (game) {
        const gameUrl = this.url(routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbId }));
        const coverUrl = game.imageCover && /^https?:\/\//.test(game.imageCover) ? game.imageCover : null;
        await this.gateway.enqueueMany(
          JobName.SendMail,
          pending.map((mail): SendMailPayload => ({
            template: 'alert',
            key: `alert-${alertId}-${mail.userId}`,
            to: mail.email,
            unsubscribeUrl: this.unsubscribeUrl(mail.unsubscribeToken),
            data: {
              username: mail.username,
              gameTitle: game.title,
              text: game.text,
              gameUrl,
              coverUrl,
              settingsUrl: this.url(routes.alertSettings()),
              unsubscribeUrl: this.unsubscribeUrl(mail.unsubscribeToken),
            },
          })),
        );
      }
      await alerts.markMailed(pending.map((mail) => mail.notificationId));
    }
    return { alertId, notified, mailed: pending.length };
  }

  /** 'Sale hoy' for the games whose release day is `day` (today in Madrid by default). */
  async releaseDay(day = madridDay()): Promise<JobResults[JobName.ReleaseDayAlerts]> {
    const alerts = this.orm.em.fork().getRepository(Alert);
    const games = await alerts.releasedOn(day);
    const recorded = await alerts.record(games.map((game) => releaseAlert(game.igdbId, day, game.platforms)));
    await this.gateway.enqueueMany(
      JobName.FanOutAlert,
      recorded.map(({ id }) => ({ alertId: id })),
    );
    return { day, games: games.length };
  }

  /**
   * One digest mail per user whose setting is this period, grouping their pending notifications by game;
   * each digest's key is its user and its newest notification, so a rerun queues nothing twice.
   */
  async digests(period: 'daily' | 'weekly'): Promise<JobResults[JobName.SendAlertDigests]> {
    const notifications = this.orm.em.fork().getRepository(Notification);
    const alerts = this.orm.em.fork().getRepository(Alert);
    await notifications.dropDigests();
    let users = 0;
    let count = 0;
    for (;;) {
      const rows = await notifications.pendingDigests(period, DIGEST_ROUND);
      if (rows.length === 0) break;
      const byUser = new Map<number, DigestRow[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      await this.gateway.enqueueMany(
        JobName.SendMail,
        [...byUser.values()].map((mine) => this.digestMail(period, mine)),
      );
      await alerts.markMailed(rows.map((row) => row.notificationId));
      users += byUser.size;
      count += rows.length;
    }
    return { period, users, notifications: count };
  }

  private digestMail(period: 'daily' | 'weekly', rows: DigestRow[]): SendMailPayload {
    const [first] = rows;
    const games = new Map<number, { gameTitle: string; gameUrl: string; lines: string[] }>();
    for (const row of rows) {
      const game = games.get(row.igdbId) ?? {
        gameTitle: row.title,
        gameUrl: this.url(routes.game({ slug: row.slug, title: row.title, igdbID: row.igdbId })),
        lines: [],
      };
      game.lines.push(row.text);
      games.set(row.igdbId, game);
    }
    return {
      template: 'alert-digest',
      key: `digest-${first.userId}-${rows[rows.length - 1].notificationId}`,
      to: first.email,
      unsubscribeUrl: this.unsubscribeUrl(first.unsubscribeToken),
      data: {
        username: first.username,
        period: period === 'daily' ? 'diario' : 'semanal',
        count: rows.length,
        games: [...games.values()],
        settingsUrl: this.url(routes.alertSettings()),
        unsubscribeUrl: this.unsubscribeUrl(first.unsubscribeToken),
      },
    };
  }
}
