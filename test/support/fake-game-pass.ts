import http from 'node:http';
import { LocalFakeServer } from './local-fake-server.js';

/**
 * Game Pass's catalogue service on 127.0.0.1 (docs/CONTRACT.md §20), so no test calls the real one.
 *
 * `GET /sigls/v2?id=<list id>&language=…&market=…` answers a JSON array: the list's header first, `{ siglId,
 * title, description, requiresShuffling, imageUrl }` (`requiresShuffling` a string), then one `{ id }` per
 * Microsoft Store product. The shape is the one the public client XboxKit decodes (github.com/fxp-ai/XboxKit,
 * Sources/XboxKit/GamePass.swift, commit 25562261f9411ff4c2a8e97f8ef3c6b91fa2b177: the header's five fields,
 * then items with only `id`), and the list ids are XboxKit's (console f6f1f99f-…, PC 609d944c-…, EA Play
 * b8900d09-… and 1d33fbb9-…, leaving soon 393f05bf-… and cc7fc951-…). A list the fake was given no products
 * for answers its header alone, as the real service does for an empty list; an unknown id, 404.
 */
export class FakeGamePass extends LocalFakeServer {
  /** Products per list id; set a list to make it answer them. */
  readonly lists = new Map<string, string[]>();
  /** Every list asked for, with its market and language. */
  readonly calls: { id: string | null; market: string | null; language: string | null }[] = [];
  /** The status every call answers instead, to play an unreachable service (null: answer normally). */
  failWith: number | null = null;
  private readonly known: ReadonlySet<string>;

  constructor(listIds: readonly string[]) {
    super();
    this.known = new Set(listIds);
  }

  protected answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown): void => {
      response
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || url.pathname !== '/sigls/v2') return json(404, {});
    const id = url.searchParams.get('id');
    this.calls.push({
      id,
      market: url.searchParams.get('market'),
      language: url.searchParams.get('language'),
    });
    if (this.failWith !== null) return json(this.failWith, {});
    if (!id || !this.known.has(id)) return json(404, {});
    json(200, [
      {
        siglId: id,
        title: 'Juegos de Game Pass',
        description: 'Juegos incluidos con tu suscripción',
        requiresShuffling: 'False',
        imageUrl: 'https://assets.xboxservices.com/assets/gamepass-lista.jpg',
      },
      ...(this.lists.get(id) ?? []).map((product) => ({ id: product })),
    ]);
  }
}
