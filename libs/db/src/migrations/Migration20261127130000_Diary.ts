import { Migration } from '@mikro-orm/migrations';

/**
 * The diary (docs/CONTRACT.md §12): a status per user and game (indexed by game and status for "who wants to play
 * X"), play sessions, follows, the profile's visibility, and the (user, moment) indexes the feed reads.
 */
export class Migration20261127130000_Diary extends Migration {
  override name = 'Migration20261127130000_Diary';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "play_sessions" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "played_on" date not null, "minutes" int not null, "platform" varchar(60) null, "note" varchar(500) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "play_sessions_game_idx" on "play_sessions" ("game_id");`);
    this.addSql(`create index "play_sessions_user_game_idx" on "play_sessions" ("user_id", "game_id");`);

    this.addSql(
      `create table "game_statuses" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "status" varchar(12) not null, "platform" varchar(60) null, "started_at" date null, "finished_at" date null, "hours" numeric(8,2) null, "created_at" timestamptz not null default now(), "status_changed_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "game_statuses_user_changed_idx" on "game_statuses" ("user_id", "status_changed_at");`,
    );
    this.addSql(`create index "game_statuses_game_status_idx" on "game_statuses" ("game_id", "status");`);
    this.addSql(
      `alter table "game_statuses" add constraint "game_statuses_user_game_unique" unique ("user_id", "game_id");`,
    );

    this.addSql(
      `create table "user_follows" ("follower_id" int not null, "followed_id" int not null, "created_at" timestamptz not null default now(), primary key ("follower_id", "followed_id"));`,
    );
    this.addSql(`create index "user_follows_followed_idx" on "user_follows" ("followed_id");`);

    this.addSql(`alter table "users" add "profile_visibility" varchar(10) not null default 'public';`);
    this.addSql(
      `alter table "users" add constraint "users_profile_visibility_known" check (profile_visibility in ('public', 'followers', 'private'));`,
    );

    this.addSql(`create index "ratings_user_updated_idx" on "ratings" ("user_id", "updated_at");`);

    this.addSql(`create index "user_reviews_user_created_idx" on "user_reviews" ("user_id", "created_at");`);

    this.addSql(
      `alter table "play_sessions" add constraint "play_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "play_sessions" add constraint "play_sessions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "play_sessions" add constraint "play_sessions_minutes_range" check (minutes > 0 and minutes <= 1440);`,
    );

    this.addSql(
      `alter table "game_statuses" add constraint "game_statuses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "game_statuses" add constraint "game_statuses_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "game_statuses" add constraint "game_statuses_hours_range" check (hours is null or (hours >= 0 and hours <= 100000));`,
    );
    this.addSql(
      `alter table "game_statuses" add constraint "game_statuses_status_known" check (status in ('want', 'playing', 'completed', 'abandoned', 'shelved'));`,
    );

    this.addSql(
      `alter table "user_follows" add constraint "user_follows_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_follows" add constraint "user_follows_followed_id_foreign" foreign key ("followed_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_follows" add constraint "user_follows_not_self" check (follower_id <> followed_id);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "play_sessions" cascade;`);
    this.addSql(`drop table if exists "game_statuses" cascade;`);
    this.addSql(`drop table if exists "user_follows" cascade;`);

    this.addSql(`drop index "ratings_user_updated_idx";`);

    this.addSql(`drop index "user_reviews_user_created_idx";`);

    this.addSql(`alter table "users" drop constraint "users_profile_visibility_known";`);
    this.addSql(`alter table "users" drop column "profile_visibility";`);
  }
}
