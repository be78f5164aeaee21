import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ActivityRepository,
  Game,
  GameStatus,
  ProfileRepository,
  repository,
  UserFollow,
  type FollowState,
  type ProfileOwner,
} from '@veredicto/db';
import type { FollowApproval, PrivacySetting, ProfileVisibility } from '@veredicto/contract';
import type {
  CircleResponse,
  FeedResponse,
  FollowAnswer,
  FollowerItem,
  FollowRequestItem,
  ProfileResponse,
} from './dto/profile.dto.js';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.js';
import { roundHours } from './hours.js';

export const PROFILE_NOT_FOUND = 'Perfil no encontrado';
const REQUEST_NOT_FOUND = 'No hay ninguna solicitud de seguimiento de ese usuario';
const FOLLOWER_NOT_FOUND = 'Ese usuario no te sigue';
const FEED_PAGE_SIZE = 20;
const RECENT_SIZE = 10;
/** How many games of each list the profile shows. */
const LIST_PREVIEW_SIZE = 6;
/** 'Tu círculo' shows an average only when this many followed users rated the game. */
export const CIRCLE_MINIMUM = 3;

/** Public profiles, who may see them, follows and the feed of followed users (docs/CONTRACT.md §12). */
@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  private get profiles() {
    return repository(this.em, ProfileRepository);
  }

  private get follows() {
    return this.em.getRepository(UserFollow);
  }

  /**
   * The profile's owner when the viewer may see it: their own, a public one, or one for followers whose
   * owner approved the viewer's follow; otherwise 404, as if it did not exist (a request waiting sees what
   * a stranger sees).
   */
  async visibleOwner(
    username: string,
    viewerId: number | null,
  ): Promise<ProfileOwner & { following: boolean }> {
    const owner = await this.profiles.findOwner(username);
    if (!owner) throw new NotFoundException(PROFILE_NOT_FOUND);
    const state = await this.followState(viewerId, owner.id);
    const following = state === 'approved';
    const visible =
      owner.id === viewerId ||
      owner.profileVisibility === 'public' ||
      (owner.profileVisibility === 'followers' && following);
    if (!visible) throw new NotFoundException(PROFILE_NOT_FOUND);
    return { ...owner, following };
  }

  private followState(viewerId: number | null, ownerId: number): Promise<FollowState | null> {
    return viewerId !== null && viewerId !== ownerId
      ? this.follows.state(viewerId, ownerId)
      : Promise.resolve(null);
  }

  /** An owner a follow may reach: not oneself's (400), not a private profile (404, as if it did not exist). */
  private async followable(followerId: number, username: string): Promise<ProfileOwner> {
    const owner = await this.profiles.findOwner(username);
    if (!owner || (owner.profileVisibility === 'private' && owner.id !== followerId))
      throw new NotFoundException(PROFILE_NOT_FOUND);
    if (owner.id === followerId) throw new BadRequestException('No puedes seguirte a ti mismo');
    return owner;
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

  /** A profile made public has no request left to approve: they become follows. */
  async setPrivacy(userId: number, visibility: ProfileVisibility): Promise<PrivacySetting> {
    await this.em.transactional(async (em) => {
      await repository(em, ProfileRepository).setVisibility(userId, visibility);
      if (visibility === 'public') await em.getRepository(UserFollow).approveAll(userId);
    });
    return { profile: visibility };
  }

  /**
   * Following a public profile follows it; following a `followers` one asks its owner, who approves or
   * refuses (docs/CONTRACT.md §18). A private profile is a 404, oneself a 400.
   */
  async follow(followerId: number, username: string): Promise<FollowAnswer> {
    const owner = await this.followable(followerId, username);
    const state = await this.follows.follow(followerId, owner.id, owner.profileVisibility === 'public');
    return { following: state === 'approved', requested: state === 'pending' };
  }

  /** The caller's follow of the profile, without seeing it (the button of a profile for followers). */
  async followOf(followerId: number, username: string): Promise<FollowAnswer> {
    const owner = await this.followable(followerId, username);
    const state = await this.follows.state(followerId, owner.id);
    return { following: state === 'approved', requested: state === 'pending' };
  }

  /** Undoes a follow or withdraws a request. */
  async unfollow(followerId: number, username: string): Promise<FollowAnswer> {
    const owner = await this.profiles.findOwner(username);
    if (!owner) throw new NotFoundException(PROFILE_NOT_FOUND);
    await this.follows.unfollow(followerId, owner.id);
    return { following: false, requested: false };
  }

  /** The requests waiting for the owner, oldest first. */
  async followRequests(ownerId: number): Promise<FollowRequestItem[]> {
    const rows = await this.follows.findFollowers(ownerId, 'pending');
    return rows.map((row) => ({ username: row.username, requestedAt: row.since.toISOString() }));
  }

  /** The owner's approved followers, oldest first. */
  async followers(ownerId: number): Promise<FollowerItem[]> {
    const rows = await this.follows.findFollowers(ownerId, 'approved');
    return rows.map((row) => ({ username: row.username, followedAt: row.since.toISOString() }));
  }

  async approveRequest(ownerId: number, username: string): Promise<FollowApproval> {
    const follower = await this.profiles.findOwner(username);
    if (!follower || !(await this.follows.approve(follower.id, ownerId)))
      throw new NotFoundException(REQUEST_NOT_FOUND);
    return { approved: true };
  }

  /** Refuses a request (`pending`) or removes a follower (`approved`); 404 when there is none. */
  async dropFollower(ownerId: number, username: string, state: FollowState): Promise<void> {
    const follower = await this.profiles.findOwner(username);
    if (!follower || !(await this.follows.remove(follower.id, ownerId, state)))
      throw new NotFoundException(state === 'pending' ? REQUEST_NOT_FOUND : FOLLOWER_NOT_FOUND);
  }

  async feed(userId: number, cursorText: string | undefined): Promise<FeedResponse> {
    const cursor = cursorText === undefined ? null : decodeFeedCursor(cursorText);
    if (cursorText !== undefined && !cursor) throw new BadRequestException('El cursor no es válido');
    const rows = await repository(this.em, ActivityRepository).feedPage(userId, cursor, FEED_PAGE_SIZE + 1);
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
    const { average, count } = await this.follows.circleAverage(userId, game.id);
    return { average: count >= CIRCLE_MINIMUM ? average : null, count };
  }
}
