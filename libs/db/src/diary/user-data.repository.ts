import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { PlayStatus, ProfileVisibility } from '@veredicto/contract';

/** One game of the user's diary: its status, its score, or both. */
export interface UserGameRow {
  igdbId: number;
  title: string;
  status: PlayStatus | null;
  platform: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  hours: number | null;
  score: number | null;
}

/** Everything a user gave us (GDPR art. 20), as the export writes it. */
export interface UserData {
  profile: { username: string; email: string; joinedAt: Date; privacy: ProfileVisibility };
  games: UserGameRow[];
  sessions: {
    igdbId: number;
    title: string;
    date: string;
    minutes: number;
    platform: string | null;
    note: string | null;
  }[];
  reviews: {
    igdbId: number;
    title: string;
    content: string;
    spoiler: boolean;
    createdAt: Date;
    updatedAt: Date;
  }[];
  lists: { name: string; games: { igdbId: number; title: string }[] }[];
  following: string[];
  /** Follow requests the user made and received (waiting), and who follows the user. */
  followRequests: { sent: FollowLine[]; received: FollowLine[] };
  followers: FollowLine[];
  /** The alert settings the user chose (null: never changed, the defaults); the links' secrets are left out. */
  alertSettings: { email: string; muted: string[]; platforms: string[] } | null;
  /** 'Avísame si baja de…': a threshold in cents per game. */
  priceAlerts: { igdbId: number; title: string | null; priceBelowCents: number; createdAt: Date }[];
  notifications: { kind: string; igdbId: number; text: string; createdAt: Date; readAt: Date | null }[];
  /** '¿Te ha sido útil?' answers on other readers' reviews. */
  helpfulVotes: { igdbId: number; title: string; author: string; helpful: boolean; createdAt: Date }[];
  reviewReports: {
    igdbId: number;
    title: string;
    author: string;
    reason: string;
    note: string | null;
    createdAt: Date;
    decidedAt: Date | null;
    action: string | null;
    decisionReason: string | null;
  }[];
  languageReports: {
    igdbId: number;
    title: string;
    platform: string;
    locale: string;
    text: boolean | null;
    audio: boolean | null;
    interface: boolean | null;
    subtitles: boolean | null;
    note: string | null;
    createdAt: Date;
    decidedAt: Date | null;
    accepted: boolean | null;
    decisionReason: string | null;
  }[];
  /** The files the user imported, as read (the rows of their own spreadsheet), and what was written. */
  imports: {
    format: string;
    state: string;
    rows: unknown[];
    result: { statuses: number; ratings: number } | null;
    createdAt: Date;
  }[];
}

/** Another user in one of the user's follows, and since when (requested, or approved). */
export interface FollowLine {
  username: string;
  since: Date;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Reads all of one user's own data for the export, by the user's id. */
export class UserDataRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  async read(userId: number): Promise<UserData | null> {
    const user = await this.db
      .selectFrom('User')
      .select(['username', 'email', 'createdAt', 'profileVisibility'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const [games, sessions, reviews, lists, following, follows] = await Promise.all([
      this.games(userId),
      this.sessions(userId),
      this.reviews(userId),
      this.lists(userId),
      this.following(userId),
      this.follows(userId),
    ]);
    const [alertSettings, priceAlerts, notifications, helpfulVotes, reviewReports, languageReports, imports] =
      await Promise.all([
        this.alertSettings(userId),
        this.priceAlerts(userId),
        this.notifications(userId),
        this.helpfulVotes(userId),
        this.reviewReports(userId),
        this.languageReports(userId),
        this.imports(userId),
      ]);
    return {
      profile: {
        username: user.username,
        email: user.email,
        joinedAt: user.createdAt,
        privacy: user.profileVisibility,
      },
      games,
      sessions,
      reviews,
      lists,
      following,
      ...follows,
      alertSettings,
      priceAlerts,
      notifications,
      helpfulVotes,
      reviewReports,
      languageReports,
      imports,
    };
  }

  /** Every game with a status or a score, by title (then id): the export's CSV rows. */
  private async games(userId: number): Promise<UserGameRow[]> {
    const rows = await this.db
      .selectFrom('Game as g')
      .leftJoin('GameStatus as s', (join) => join.onRef('s.game', '=', 'g.id').on('s.user', '=', userId))
      .leftJoin('Rating as r', (join) => join.onRef('r.game', '=', 'g.id').on('r.user', '=', userId))
      .select((eb) => [
        'g.igdbId',
        'g.title',
        's.status',
        's.platform',
        sql<string | null>`to_char(${eb.ref('s.startedAt')}, 'YYYY-MM-DD')`.as('startedAt'),
        sql<string | null>`to_char(${eb.ref('s.finishedAt')}, 'YYYY-MM-DD')`.as('finishedAt'),
        's.hours',
        'r.score',
      ])
      .where((eb) => eb.or([eb('s.id', 'is not', null), eb('r.id', 'is not', null)]))
      .orderBy('g.title')
      .orderBy('g.igdbId')
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.igdbId),
      title: row.title,
      status: row.status ?? null,
      platform: row.platform ?? null,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      hours: numberOrNull(row.hours),
      score: numberOrNull(row.score),
    }));
  }

  private async sessions(userId: number): Promise<UserData['sessions']> {
    const rows = await this.db
      .selectFrom('PlaySession as p')
      .innerJoin('Game as g', 'g.id', 'p.game')
      .select((eb) => [
        'g.igdbId',
        'g.title',
        sql<string>`to_char(${eb.ref('p.playedOn')}, 'YYYY-MM-DD')`.as('date'),
        'p.minutes',
        'p.platform',
        'p.note',
      ])
      .where('p.user', '=', userId)
      .orderBy('p.playedOn')
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.igdbId),
      title: row.title,
      date: row.date,
      minutes: Number(row.minutes),
      platform: row.platform ?? null,
      note: row.note ?? null,
    }));
  }

  private async reviews(userId: number): Promise<UserData['reviews']> {
    const rows = await this.db
      .selectFrom('UserReview as v')
      .innerJoin('Game as g', 'g.id', 'v.game')
      .select(['g.igdbId', 'g.title', 'v.content', 'v.spoiler', 'v.createdAt', 'v.updatedAt'])
      .where('v.user', '=', userId)
      .orderBy('v.createdAt')
      .execute();
    return rows.map((row) => ({ ...row, igdbId: Number(row.igdbId), spoiler: Boolean(row.spoiler) }));
  }

  private async lists(userId: number): Promise<UserData['lists']> {
    const rows = await this.db
      .selectFrom('GameList as l')
      .leftJoin('GameListEntry as e', 'e.list', 'l.id')
      .leftJoin('Game as g', 'g.id', 'e.game')
      .select(['l.id', 'l.name', 'g.igdbId', 'g.title'])
      .where('l.user', '=', userId)
      .orderBy('l.createdAt')
      .orderBy('l.id')
      .orderBy('e.addedAt')
      .execute();
    const lists = new Map<number, UserData['lists'][number]>();
    for (const row of rows) {
      const list = lists.get(row.id) ?? { name: row.name, games: [] };
      lists.set(row.id, list);
      if (row.igdbId !== null && row.title !== null)
        list.games.push({ igdbId: Number(row.igdbId), title: row.title });
    }
    return [...lists.values()];
  }

  private async following(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('UserFollow as f')
      .innerJoin('User as u', 'u.id', 'f.followed')
      .select('u.username')
      .where('f.follower', '=', userId)
      .where('f.approvedAt', 'is not', null)
      .orderBy('u.usernameKey')
      .execute();
    return rows.map((row) => row.username);
  }

  /** The follows other than the approved ones the user made: requests either way, and followers. */
  private async follows(userId: number): Promise<Pick<UserData, 'followRequests' | 'followers'>> {
    const rows = await this.db
      .selectFrom('UserFollow as f')
      .innerJoin('User as a', 'a.id', 'f.follower')
      .innerJoin('User as b', 'b.id', 'f.followed')
      .select([
        'f.follower',
        'a.username as followerName',
        'b.username as followedName',
        'f.createdAt',
        'f.approvedAt',
      ])
      .where((eb) => eb.or([eb('f.follower', '=', userId), eb('f.followed', '=', userId)]))
      .orderBy('f.createdAt')
      .execute();
    const sent = rows.filter((row) => Number(row.follower) === userId);
    const received = rows.filter((row) => Number(row.follower) !== userId);
    const line = (username: string, since: Date) => ({ username, since });
    return {
      followRequests: {
        sent: sent
          .filter((row) => row.approvedAt === null)
          .map((row) => line(row.followedName, row.createdAt)),
        received: received
          .filter((row) => row.approvedAt === null)
          .map((row) => line(row.followerName, row.createdAt)),
      },
      followers: received
        .filter((row) => row.approvedAt !== null)
        .map((row) => line(row.followerName, row.approvedAt ?? row.createdAt)),
    };
  }

  private async alertSettings(userId: number): Promise<UserData['alertSettings']> {
    const row = await this.db
      .selectFrom('AlertSettings')
      .select(['email', 'muted', 'platforms'])
      .where('user', '=', userId)
      .executeTakeFirst();
    return row ? { email: row.email, muted: [...row.muted], platforms: [...row.platforms] } : null;
  }

  private async priceAlerts(userId: number): Promise<UserData['priceAlerts']> {
    const rows = await this.db
      .selectFrom('PriceAlert as p')
      .leftJoin('Game as g', 'g.igdbId', 'p.gameIgdbId')
      .select(['p.gameIgdbId', 'g.title', 'p.priceBelow', 'p.createdAt'])
      .where('p.user', '=', userId)
      .orderBy('p.createdAt')
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.gameIgdbId),
      title: row.title ?? null,
      priceBelowCents: Number(row.priceBelow),
      createdAt: row.createdAt,
    }));
  }

  private async notifications(userId: number): Promise<UserData['notifications']> {
    const rows = await this.db
      .selectFrom('Notification as n')
      .innerJoin('Alert as a', 'a.id', 'n.alert')
      .select(['a.kind', 'a.gameIgdbId', 'a.text', 'n.createdAt', 'n.readAt'])
      .where('n.user', '=', userId)
      .orderBy('n.id')
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      igdbId: Number(row.gameIgdbId),
      text: row.text,
      createdAt: row.createdAt,
      readAt: row.readAt ?? null,
    }));
  }

  private async helpfulVotes(userId: number): Promise<UserData['helpfulVotes']> {
    const rows = await this.db
      .selectFrom('ReviewVote as v')
      .innerJoin('UserReview as r', 'r.id', 'v.review')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .innerJoin('User as a', 'a.id', 'r.user')
      .select(['g.igdbId', 'g.title', 'a.username', 'v.helpful', 'v.createdAt'])
      .where('v.user', '=', userId)
      .orderBy('v.createdAt')
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.igdbId),
      title: row.title,
      author: row.username,
      helpful: Boolean(row.helpful),
      createdAt: row.createdAt,
    }));
  }

  private async reviewReports(userId: number): Promise<UserData['reviewReports']> {
    const rows = await this.db
      .selectFrom('ReviewReport as p')
      .innerJoin('UserReview as r', 'r.id', 'p.review')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .innerJoin('User as a', 'a.id', 'r.user')
      .select([
        'g.igdbId',
        'g.title',
        'a.username',
        'p.reason',
        'p.note',
        'p.createdAt',
        'p.decidedAt',
        'p.action',
        'p.decisionReason',
      ])
      .where('p.reporter', '=', userId)
      .orderBy('p.createdAt')
      .execute();
    return rows.map(({ igdbId, username, ...row }) => ({ igdbId: Number(igdbId), author: username, ...row }));
  }

  private async languageReports(userId: number): Promise<UserData['languageReports']> {
    const rows = await this.db
      .selectFrom('LanguageReport as l')
      .innerJoin('Game as g', 'g.id', 'l.game')
      .select([
        'g.igdbId',
        'g.title',
        'l.platform',
        'l.locale',
        'l.text',
        'l.audio',
        'l.interface',
        'l.subtitles',
        'l.note',
        'l.createdAt',
        'l.decidedAt',
        'l.accepted',
        'l.decisionReason',
      ])
      .where('l.reporter', '=', userId)
      .orderBy('l.createdAt')
      .execute();
    return rows.map(({ igdbId, ...row }) => ({
      igdbId: Number(igdbId),
      title: row.title,
      platform: row.platform,
      locale: row.locale,
      text: row.text ?? null,
      audio: row.audio ?? null,
      interface: row.interface ?? null,
      subtitles: row.subtitles ?? null,
      note: row.note ?? null,
      createdAt: row.createdAt,
      decidedAt: row.decidedAt ?? null,
      accepted: row.accepted ?? null,
      decisionReason: row.decisionReason ?? null,
    }));
  }

  private async imports(userId: number): Promise<UserData['imports']> {
    const rows = await this.db
      .selectFrom('DiaryImport')
      .select(['format', 'state', 'rows', 'result', 'createdAt'])
      .where('user', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({ ...row, rows: [...row.rows], result: row.result ?? null }));
  }
}
