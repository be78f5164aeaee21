import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ActivityRepository,
  Game,
  GameStatus,
  ProfileRepository,
  UserFollow,
  type ProfileOwner,
} from '@veredicto/db';
import type { ProfileVisibility } from '@veredicto/contract';
import type { CircleResponse, FeedResponse, ProfileResponse } from './dto/profile.dto.js';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.js';
import { roundHours } from './hours.js';

export const PROFILE_NOT_FOUND = 'Perfil no encontrado';
const FEED_PAGE_SIZE = 20;
const RECENT_SIZE = 10;
/** How many games of each list the profile shows. */
const LIST_PREVIEW_SIZE = 6;
/** 'Tu círculo' shows an average only when this many followed users rated the game. */
export const CIRCLE_MINIMUM = 3;

/** Public profiles, who may see them, follows and the feed of followed users (decisions §12). */
@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  private get profiles() {
    return new ProfileRepository(this.em);
  }

  /**
   * The profile's owner when the viewer may see it: their own, a public one, or one for followers that
   * the viewer follows; otherwise 404, as if it did not exist.
   */
  async visibleOwner(
    username: string,
    viewerId: number | null,
  ): Promise<ProfileOwner & { following: boolean }> {
    const owner = await this.profiles.findOwner(username);
    if (!owner) throw new NotFoundException(PROFILE_NOT_FOUND);
    const following =
      viewerId !== null && viewerId !== owner.id
        ? await this.em.getRepository(UserFollow).isFollowing(viewerId, owner.id)
        : false;
    const visible =
      owner.id === viewerId ||
      owner.profileVisibility === 'public' ||
      (owner.profileVisibility === 'followers' && following);
    if (!visible) throw new NotFoundException(PROFILE_NOT_FOUND);
    return { ...owner, following };
  }

  async profile(username: string, viewerId: number | null): Promise<ProfileResponse> {
    const owner = await this.visibleOwner(username, viewerId);
    const statuses = this.em.getRepository(GameStatus);
    const counts = await statuses.countByStatus(owner.id);
    const written = await this.profiles.countRatingsAndReviews(owner.id);
    const hours = await statuses.totalHours(owner.id);
    const scoreHistogram = await this.profiles.scoreHistogram(owner.id);
    const recent = await this.profiles.recent(owner.id, RECENT_SIZE);
    const lists = await this.profiles.lists(owner.id, LIST_PREVIEW_SIZE);
    return {
      username: owner.username,
      joinedAt: owner.createdAt.toISOString(),
      counts: { ...counts, ...written },
      hours: roundHours(hours),
      scoreHistogram,
      recent: recent.map((item) => ({
        kind: item.kind,
        igdbID: item.igdbId,
        title: item.title,
        slug: item.slug,
        score: item.score,
        review: item.review,
        createdAt: item.createdAt.toISOString(),
      })),
      lists: lists.map((list) => ({
        name: list.name,
        count: list.count,
        games: list.games.map(({ igdbId, title, slug }) => ({ igdbID: igdbId, title, slug })),
      })),
      visibility: owner.profileVisibility,
      following: owner.following,
      own: owner.id === viewerId,
    };
  }

  async setPrivacy(userId: number, visibility: ProfileVisibility): Promise<{ profile: ProfileVisibility }> {
    await this.profiles.setVisibility(userId, visibility);
    return { profile: visibility };
  }

  /** Following a profile one cannot see is a 404 (a private one); following oneself a 400. */
  async follow(followerId: number, username: string): Promise<{ following: true }> {
    const owner = await this.profiles.findOwner(username);
    if (!owner || (owner.profileVisibility === 'private' && owner.id !== followerId))
      throw new NotFoundException(PROFILE_NOT_FOUND);
    if (owner.id === followerId) throw new BadRequestException('No puedes seguirte a ti mismo');
    await this.em.getRepository(UserFollow).follow(followerId, owner.id);
    return { following: true };
  }

  async unfollow(followerId: number, username: string): Promise<{ following: false }> {
    const owner = await this.profiles.findOwner(username);
    if (!owner) throw new NotFoundException(PROFILE_NOT_FOUND);
    await this.em.getRepository(UserFollow).unfollow(followerId, owner.id);
    return { following: false };
  }

  async feed(userId: number, cursorText: string | undefined): Promise<FeedResponse> {
    const cursor = cursorText === undefined ? null : decodeFeedCursor(cursorText);
    if (cursorText !== undefined && !cursor) throw new BadRequestException('El cursor no es válido');
    const rows = await new ActivityRepository(this.em).feedPage(userId, cursor, FEED_PAGE_SIZE + 1);
    const page = rows.slice(0, FEED_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      content: page.map((row) => ({
        id: `${row.kind}-${row.sourceId}`,
        kind: row.kind,
        username: row.username,
        igdbID: row.igdbId,
        title: row.title,
        ...(row.score === null ? {} : { score: row.score }),
        ...(row.status === null ? {} : { status: row.status }),
        createdAt: row.createdAt.toISOString(),
      })),
      next:
        rows.length > FEED_PAGE_SIZE && last
          ? encodeFeedCursor({ micros: last.micros, kind: last.kind, sourceId: last.sourceId })
          : null,
    };
  }

  /** 'Tu círculo': the followed users' average for the game, shown from CIRCLE_MINIMUM raters. */
  async circle(userId: number, igdbId: number): Promise<CircleResponse> {
    const game = await this.em.findOne(Game, { igdbId }, { fields: ['id'] });
    if (!game) throw new NotFoundException('Juego no encontrado');
    const { average, count } = await this.em.getRepository(UserFollow).circleAverage(userId, game.id);
    return { average: count >= CIRCLE_MINIMUM ? average : null, count };
  }
}
