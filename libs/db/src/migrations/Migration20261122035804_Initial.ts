import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035804_Initial extends Migration {
  override name = 'Migration20261122035804_Initial';

  override up(): void | Promise<void> {
    // Trigram search (and unaccent for ad-hoc queries) need these extensions before the indexes.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);

    this.addSql(
      `create table "app_meta" ("key" varchar(100) not null, "value" text not null, "updated_at" timestamptz not null default now(), primary key ("key"));`,
    );

    this.addSql(
      `create table "games" ("id" serial primary key, "igdb_id" int not null, "slug" varchar(300) not null, "title" varchar(300) not null, "search_name" varchar(300) not null, "platforms" text[] not null default '{}', "release_date" date null, "image_cover" text null, "image_art" text null, "summary" text null, "genres" text[] not null default '{}', "developers" text[] not null default '{}', "publishers" text[] not null default '{}', "screenshots" text[] not null default '{}', "big_screenshots" text[] not null default '{}', "videos" jsonb not null default '[]', "av_ratings" smallint null, "critic_review_count" int not null default 0, "av_user_ratings" smallint null, "user_rating_count" int not null default 0, "metascore" smallint null, "external_user_score" smallint null, "igdb_rating" real null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "games" add constraint "games_igdb_id_unique" unique ("igdb_id");`);
    this.addSql(`create index "games_slug_idx" on "games" ("slug");`);
    this.addSql(
      `create index "games_search_name_trgm_idx" on "games" using gin ("search_name" gin_trgm_ops);`,
    );
    this.addSql(`create index "games_platforms_idx" on "games" using gin ("platforms");`);
    this.addSql(
      `create index "games_av_user_ratings_idx" on "games" ("av_user_ratings" desc nulls last, "id" desc);`,
    );
    this.addSql(`create index "games_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc);`);
    this.addSql(
      `create index "games_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc);`,
    );

    this.addSql(
      `create table "featured_game" ("id" int not null default 1, "game_id" int not null, "image_art" text null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(
      `create table "news_feeds" ("id" serial primary key, "url" text not null, "title" varchar(300) null, "last_fetched_at" timestamptz null, "last_imported_count" int not null default 0, "last_error" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "news_feeds" add constraint "news_feeds_url_unique" unique ("url");`);

    this.addSql(
      `create table "news_articles" ("id" serial primary key, "slug" varchar(220) not null, "title" varchar(500) not null, "image" text null, "logo" text null, "publication_date" timestamptz not null, "description" text not null default '', "description2" text not null default '', "description3" text not null default '', "link" text not null, "medium" varchar(200) not null, "feed_id" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "news_articles" add constraint "news_articles_slug_unique" unique ("slug");`);
    this.addSql(`alter table "news_articles" add constraint "news_articles_link_unique" unique ("link");`);
    this.addSql(
      `create index "news_articles_publication_idx" on "news_articles" ("publication_date" desc, "id" desc);`,
    );

    this.addSql(
      `create table "scraper_sources" ("id" serial primary key, "game_id" int not null, "url" text not null, "last_scraped_at" timestamptz null, "last_status" varchar(20) null, "last_review_count" int not null default 0, "last_error" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "scraper_sources" add constraint "scraper_sources_game_url_unique" unique ("game_id", "url");`,
    );

    this.addSql(
      `create table "media_reviews" ("id" serial primary key, "game_id" int not null, "outlet" varchar(200) not null, "logo" text null, "author" varchar(200) null, "raw_score" varchar(50) null, "scale" varchar(30) null, "rating" smallint null, "snippet" text null, "link" text null, "platform" varchar(50) null, "published_at" date null, "dedupe_key" varchar(600) not null, "source_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "media_reviews_game_idx" on "media_reviews" ("game_id");`);
    this.addSql(
      `alter table "media_reviews" add constraint "media_reviews_game_dedupe_unique" unique ("game_id", "dedupe_key");`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "username" varchar(30) not null, "username_key" varchar(30) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "confirmed_at" timestamptz null, "token_version" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "ratings" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "score" smallint not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ratings_game_idx" on "ratings" ("game_id");`);
    this.addSql(
      `alter table "ratings" add constraint "ratings_user_game_unique" unique ("user_id", "game_id");`,
    );

    this.addSql(
      `create table "game_lists" ("id" serial primary key, "user_id" int not null, "name" varchar(60) not null, "name_key" varchar(60) not null, "reserved" boolean not null default false, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "game_lists" add constraint "game_lists_user_name_unique" unique ("user_id", "name_key");`,
    );

    this.addSql(
      `create table "game_list_entries" ("id" serial primary key, "list_id" int not null, "game_id" int not null, "added_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "game_list_entries_game_idx" on "game_list_entries" ("game_id");`);
    this.addSql(
      `alter table "game_list_entries" add constraint "game_list_entries_list_game_unique" unique ("list_id", "game_id");`,
    );

    this.addSql(
      `create table "email_tokens" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "purpose" varchar(20) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "email_tokens_user_idx" on "email_tokens" ("user_id");`);
    this.addSql(
      `alter table "email_tokens" add constraint "email_tokens_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "user_reviews" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "content" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "user_reviews_game_idx" on "user_reviews" ("game_id");`);
    this.addSql(
      `alter table "user_reviews" add constraint "user_reviews_user_game_unique" unique ("user_id", "game_id");`,
    );

    this.addSql(
      `alter table "featured_game" add constraint "featured_game_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "featured_game" add constraint "featured_game_single_row" check (id = 1);`);

    this.addSql(
      `alter table "news_articles" add constraint "news_articles_feed_id_foreign" foreign key ("feed_id") references "news_feeds" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "scraper_sources" add constraint "scraper_sources_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "media_reviews" add constraint "media_reviews_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "media_reviews" add constraint "media_reviews_source_id_foreign" foreign key ("source_id") references "scraper_sources" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "ratings" add constraint "ratings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ratings" add constraint "ratings_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ratings" add constraint "ratings_score_range" check (score >= 0 and score <= 100);`,
    );

    this.addSql(
      `alter table "game_lists" add constraint "game_lists_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "game_list_entries" add constraint "game_list_entries_list_id_foreign" foreign key ("list_id") references "game_lists" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "game_list_entries" add constraint "game_list_entries_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "email_tokens" add constraint "email_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_reviews" add constraint "user_reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_reviews" add constraint "user_reviews_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "featured_game" drop constraint "featured_game_game_id_foreign";`);
    this.addSql(`alter table "scraper_sources" drop constraint "scraper_sources_game_id_foreign";`);
    this.addSql(`alter table "media_reviews" drop constraint "media_reviews_game_id_foreign";`);
    this.addSql(`alter table "ratings" drop constraint "ratings_game_id_foreign";`);
    this.addSql(`alter table "game_list_entries" drop constraint "game_list_entries_game_id_foreign";`);
    this.addSql(`alter table "user_reviews" drop constraint "user_reviews_game_id_foreign";`);
    this.addSql(`alter table "news_articles" drop constraint "news_articles_feed_id_foreign";`);
    this.addSql(`alter table "media_reviews" drop constraint "media_reviews_source_id_foreign";`);
    this.addSql(`alter table "ratings" drop constraint "ratings_user_id_foreign";`);
    this.addSql(`alter table "game_lists" drop constraint "game_lists_user_id_foreign";`);
    this.addSql(`alter table "email_tokens" drop constraint "email_tokens_user_id_foreign";`);
    this.addSql(`alter table "user_reviews" drop constraint "user_reviews_user_id_foreign";`);
    this.addSql(`alter table "game_list_entries" drop constraint "game_list_entries_list_id_foreign";`);

    this.addSql(`drop table if exists "app_meta" cascade;`);
    this.addSql(`drop table if exists "games" cascade;`);
    this.addSql(`drop table if exists "featured_game" cascade;`);
    this.addSql(`drop table if exists "news_feeds" cascade;`);
    this.addSql(`drop table if exists "news_articles" cascade;`);
    this.addSql(`drop table if exists "scraper_sources" cascade;`);
    this.addSql(`drop table if exists "media_reviews" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "ratings" cascade;`);
    this.addSql(`drop table if exists "game_lists" cascade;`);
    this.addSql(`drop table if exists "game_list_entries" cascade;`);
    this.addSql(`drop table if exists "email_tokens" cascade;`);
    this.addSql(`drop table if exists "user_reviews" cascade;`);
  }
}
