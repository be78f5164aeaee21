import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { notifyChannel } from '@veredicto/db';
import pg from 'pg';
import { MicroCache } from './micro-cache.js';

/** PostgreSQL's channel (per database); the payload says which environment and which process sent it. */
export const READ_CACHE_CHANNEL = 'veredicto_read_cache';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const READ_CACHE_LISTENER = 'veredicto-read-cache';
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 5000;

/**
 * The read cache (MicroCache) lives in each API process: `npm start` runs one per core, Kubernetes one per
 * pod. A change made through one of them (a news article deleted, an alias added, an operator's edit of a
 * game) clears that process's cache at once, and every other one through PostgreSQL's LISTEN/NOTIFY, so the
 * next read on any process shows it instead of an answer up to a few seconds old. The workers' changes
 * reach every process already (WorkerChangesListener, the queues' completed events).
 *
 * The listening connection is one per process. When it is lost (a restart, a failover, a swept connection),
 * it is opened again, retried with a growing delay, and the cache is cleared once back: what was announced
 * meanwhile was not heard. A change whose announcement fails is still stored; the other processes then
 * show it after their cache's TTL, as before.
 */
@Injectable()
export class ReadCacheSync implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReadCacheSync.name);
  /** This process, to ignore its own announcements (its cache is cleared before it announces). */
  private readonly sender = randomUUID();
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = RETRY_MIN_MS;
  private stopped = false;

  constructor(
    private readonly cache: MicroCache,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'DATABASE_URL' | 'QUEUE_PREFIX'>,
  ) {}

  onModuleInit(): void {
    void this.listen(false);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Clears this process's read cache and tells the others to clear theirs. Never throws. */
  async clearEverywhere(): Promise<void> {
    this.cache.invalidate();
    try {
      await notifyChannel(this.em, READ_CACHE_CHANNEL, this.announcement());
    } catch (error) {
      this.logger.warn(`caché de lecturas no anunciada a los otros procesos: ${String(error)}`);
    }
  }

  /**
   * Drops these keys (one game's reads after a change made through this process) here at once, and in the
   * other processes through the same channel. Never throws.
   */
  async forgetEverywhere(keys: string[]): Promise<void> {
    this.cache.forget(keys);
    try {
      await notifyChannel(this.em, READ_CACHE_CHANNEL, this.announcement(keys));
    } catch (error) {
      this.logger.warn(`lecturas cambiadas no anunciadas a los otros procesos: ${String(error)}`);
    }
  }

  /** What this process announces: its environment and itself, and the keys to drop when not all of them. */
  announcement(keys?: string[]): string {
    return JSON.stringify({
      prefix: this.config.QUEUE_PREFIX,
      sender: this.sender,
      ...(keys ? { keys } : {}),
    });
  }

  /** A notification of this environment from another process drops its keys, or clears the cache. */
  heard(payload: string | undefined): boolean {
    let keys: unknown;
    try {
      const parsed = JSON.parse(payload ?? '') as { prefix?: unknown; sender?: unknown; keys?: unknown };
      if (parsed.prefix !== this.config.QUEUE_PREFIX || parsed.sender === this.sender) return false;
      keys = parsed.keys;
    } catch {
      return false;
    }
    if (Array.isArray(keys) && keys.every((key) => typeof key === 'string')) this.cache.forget(keys);
    else this.cache.invalidate();
    return true;
  }

  private async listen(again: boolean): Promise<boolean> {
    if (this.stopped) return false;
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      application_name: READ_CACHE_LISTENER,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
      if (this.stopped) return;
      this.logger.warn(
        `escucha de la caché de lecturas perdida${error ? ` (${error.message})` : ''}; se reintenta`,
      );
      this.retryLater();
    };
    // Listening from construction: an error as the connection opens must not end the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL) this.heard(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${READ_CACHE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return false;
    }
    if (lost) return false;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.client = client;
    this.retryDelay = RETRY_MIN_MS;
    // Announcements made while nobody listened were missed.
    if (again) this.cache.invalidate();
    return true;
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen(true);
    }, delay);
    this.retryTimer.unref();
  }
}
