import http from 'node:http';
import { LocalFakeServerWithBody } from './local-fake-server.js';

/** A game the fake IGDB knows, as /games answers it with the importer's fields (the few a test needs). */
export interface FakeIgdbGame {
  id: number;
  name: string;
  /** Unix seconds. */
  first_release_date: number;
  platforms: number[];
}

/** One of IGDB's /external_games rows: a game's id in another service (1 Steam, 11 Microsoft). */
export interface FakeExternalGame {
  id: number;
  game: number;
  uid: string;
  external_game_source: number;
}

/**
 * IGDB and its Twitch token server on 127.0.0.1, for the catalogue job (docs/CONTRACT.md §20 reads the stores'
 * ids from IGDB's external games). Answers in IGDB's shapes (https://api-docs.igdb.com): the token as Twitch's
 * client-credentials answer, /games the recent releases (every other query and page empty), /external_games
 * the rows of the games and sources asked for (`where game = (…) & external_game_source = (…)`, with `limit`
 * and `offset`), /game_time_to_beats none.
 */
export class FakeIgdb extends LocalFakeServerWithBody {
  games: FakeIgdbGame[] = [];
  externalGames: FakeExternalGame[] = [];
  /** Every query, by endpoint, with its body. */
  readonly queries: { endpoint: string; body: string }[] = [];

  /** The settings that point the workers at this fake. */
  get env(): Record<string, string> {
    return {
      IGDB_CLIENT_ID: 'cliente',
      IGDB_CLIENT_SECRET: 'secreto',
      IGDB_API_URL: `${this.origin}/v4`,
      TWITCH_TOKEN_URL: `${this.origin}/oauth2/token`,
    };
  }

  protected reply(request: http.IncomingMessage, body: string, response: http.ServerResponse): void {
    const json = (status: number, value: unknown): void => {
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    };
    if (request.method === 'POST' && request.url === '/oauth2/token') {
      return json(200, { access_token: 'token-de-prueba', expires_in: 5_000_000, token_type: 'bearer' });
    }
    const endpoint = /^\/v4\/([a-z_]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !endpoint) return json(404, { message: 'not found' });
    if (request.headers.authorization !== 'Bearer token-de-prueba') {
      return json(401, { message: 'Authorization Failure' });
    }
    this.queries.push({ endpoint, body });
    const offset = Number(/offset (\d+)/.exec(body)?.[1] ?? 0);
    const limit = Number(/limit (\d+)/.exec(body)?.[1] ?? 10);
    const list = (name: string) =>
      /\(([\d,]+)\)/
        .exec(new RegExp(`${name} = \\(([\\d,]+)\\)`).exec(body)?.[0] ?? '')?.[1]
        .split(',')
        .map(Number);
    if (endpoint === 'games') {
      return json(200, /sort first_release_date desc/.test(body) && offset === 0 ? this.games : []);
    }
    if (endpoint === 'external_games') {
      const games = list('game') ?? [];
      const sources = list('external_game_source');
      const rows = this.externalGames.filter(
        (row) => games.includes(row.game) && (!sources || sources.includes(row.external_game_source)),
      );
      return json(200, rows.slice(offset, offset + limit));
    }
    json(200, []);
  }
}
