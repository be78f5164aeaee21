import { StoreCaller, StoreCallError } from './store-caller.js';

/**
 * Game Pass's lists ('sigls') for Spain (docs/PRICES.md, Game Pass), by Microsoft's fixed ids. The
 * service publishes no documentation of them; these are the ids public clients use, e.g. XboxKit
 * (github.com/fxp-ai/XboxKit, Sources/XboxKit/GamePass.swift): the console and PC catalogues, EA Play's
 * (included in Ultimate and PC Game Pass) and the two 'leaving soon' lists.
 */
export const GAME_PASS_LISTS = {
  console: 'f6f1f99f-9b49-4ccd-b3bf-4d9767a77f5e',
  pc: '609d944c-d395-4c0a-9ea4-e9f39b52c1ad',
  eaPlayConsole: 'b8900d09-a491-44cc-916e-32b5acae621b',
  eaPlayPc: '1d33fbb9-b895-4732-a8ca-a55c8b99fa2c',
  leavingConsole: '393f05bf-e596-4ef6-9487-6d4fa0eab987',
  leavingPc: 'cc7fc951-d00f-410e-9e02-5e4628e04163',
} as const;

export type GamePassListName = keyof typeof GAME_PASS_LISTS;

const LEAVING_LISTS: readonly GamePassListName[] = ['leavingConsole', 'leavingPc'];
/** The two catalogues: a Game Pass where both are empty is a broken answer, not a service with no games. */
const CATALOGUE_LISTS: readonly GamePassListName[] = ['console', 'pc'];

/** One list as the service answered it: its header's id and title, and the products' big ids. */
export interface GamePassList {
  siglId: string;
  title: string;
  ids: string[];
}

/** A Microsoft Store product's big id ('9NLDDF97GTJ0'): twelve letters and digits. */
const BIG_ID = /^[0-9A-Z]{12}$/;

/**
 * One list's answer: a JSON array whose first element is the header (`{ siglId, title, description,
 * requiresShuffling, imageUrl }`) and the rest `{ id }`. Ids are upper-cased (the stores write them so)
 * and repeated ones kept once; anything else in the array is skipped. Null when the answer is not such an
 * array (an error page, an object).
 */
export function readGamePassList(answer: unknown): GamePassList | null {
  if (!Array.isArray(answer)) return null;
  let header: { siglId: string; title: string } | null = null;
  const ids = new Set<string>();
  for (const item of answer as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, siglId, title } = item as { id?: unknown; siglId?: unknown; title?: unknown };
    if (typeof siglId === 'string' && !header) {
      header = { siglId, title: typeof title === 'string' ? title : '' };
    } else if (typeof id === 'string' && BIG_ID.test(id.toUpperCase())) {
      ids.add(id.toUpperCase());
    }
  }
  return header ? { ...header, ids: [...ids] } : null;
}

/**
 * Which products are in Game Pass now, from every list read: in any list is in, and in a 'leaving soon'
 * list is also leaving (a game on its way out is still included until it goes).
 */
export function gamePassMembers(lists: Record<GamePassListName, GamePassList>): Map<string, boolean> {
  const members = new Map<string, boolean>();
  for (const [name, list] of Object.entries(lists) as [GamePassListName, GamePassList][]) {
    const leaving = LEAVING_LISTS.includes(name);
    for (const id of list.ids) members.set(id, (members.get(id) ?? false) || leaving);
  }
  return members;
}

/** The Game Pass catalogue service (`GAMEPASS_URL`), market ES in Spanish, one GET per list. */
export class GamePassCatalog {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: StoreCaller,
  ) {}

  async list(siglId: string, signal?: AbortSignal): Promise<GamePassList> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/sigls/v2`);
    url.searchParams.set('id', siglId);
    url.searchParams.set('language', 'es-es');
    url.searchParams.set('market', 'ES');
    const list = readGamePassList(await this.caller.getJson(url, signal));
    if (!list) throw new StoreCallError(`${url.host} no respondió con una lista de Game Pass`, 200);
    return list;
  }

  /**
   * Every list, then who is in and who is leaving. Throws StoreCallError when a list fails or both
   * catalogues come back empty: a poll must then record nothing, or every game would seem to have left.
   */
  async members(signal?: AbortSignal): Promise<Map<string, boolean>> {
    const lists = {} as Record<GamePassListName, GamePassList>;
    for (const [name, siglId] of Object.entries(GAME_PASS_LISTS) as [GamePassListName, string][]) {
      lists[name] = await this.list(siglId, signal);
    }
    if (CATALOGUE_LISTS.every((name) => lists[name].ids.length === 0)) {
      throw new StoreCallError('Game Pass respondió con los catálogos de consola y PC vacíos', 200);
    }
    return gamePassMembers(lists);
  }
}
