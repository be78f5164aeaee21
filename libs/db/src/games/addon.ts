/**
 * Add-ons: DLC, packs, soundtracks, season passes and bundles that IGDB lists as games (docs/CONTRACT.md
 * §16, docs/API-CONTRACT.md). They are left out of the catalogue unless asked for (`addons=true`)
 * and rank below the base games in the search.
 *
 * IGDB's `game_type` (formerly `category`) says it when the record has one; the seed files carry neither,
 * so the title decides for them. The title rule, case-insensitive, is one of:
 * - the words 'DLC', 'OST', 'Soundtrack', 'Season Pass', 'Expansion Pass' or 'Expansion Pack' anywhere;
 * - 'Bundle' as the last word ('… Bundle', '… Bundle 2', '… Bundle Part 1');
 * - after a subtitle (': ' or ' - '), 'Pack', 'Packs', 'Set' or 'Pass' as the last word ('Payday 2:
 *   Yakuza Character Pack', 'Persona 3: Dancing in Moonlight - Featherman Set', 'Splatoon 3: Expansion
 *   Pass'), or the words 'Costume(s)' or 'Outfit(s)' ('Dead Rising Deluxe Remaster: Costume & BGM - Rikuo');
 * - 'Double Pack', 'Triple Pack' or 'Value Pack' as the end (two or three games sold as one).
 * A 'Pack' with no subtitle before it stays a game: 'The Jackbox Party Pack 7' and 'LEGO Fun Pack' are
 * games sold as such, and 'pack' inside a word never counts ('Jetpack Joyride', 'Backpack Hero',
 * 'Pac-Man'). Editions ('… Deluxe Edition') are the game itself, not add-ons. Known misses of the rule,
 * accepted: a few compilations sold under a subtitle ('Azure Striker Gunvolt: Striker Pack') are marked,
 * and a single skin without 'Pack' or 'Set' ('Hero Siege: Bifröst Jötunn Skin') is not ('Blacksad: Under
 * the Skin' is a game).
 *
 * The patterns are written so JavaScript (flag 'i') and PostgreSQL (`~*`) read them alike: the migration
 * that marks the stored games uses the same sources.
 */
const WORD_START = '(^|[^a-z0-9])';
const WORD_END = '($|[^a-z0-9])';
const SUBTITLE = '(:| -| –)';

export const ADDON_TITLE_PATTERNS: readonly string[] = [
  `${WORD_START}(dlc|ost|soundtrack|season pass|expansion pass|expansion pack)${WORD_END}`,
  `${WORD_START}bundle( part [0-9]+| [0-9]+)?[^a-z0-9]*$`,
  `${SUBTITLE}.*[^a-z0-9](packs?|set|pass)( [0-9]+)?[^a-z0-9]*$`,
  `${SUBTITLE}.*[^a-z0-9](costumes?|outfits?)${WORD_END}`,
  `${WORD_START}(double|triple|value) pack( [0-9]+)?[^a-z0-9]*$`,
];

const ADDON_TITLES = ADDON_TITLE_PATTERNS.map((source) => new RegExp(source, 'i'));

export const isAddonTitle = (title: string): boolean => ADDON_TITLES.some((pattern) => pattern.test(title));

/**
 * IGDB's game types (`game_type`, and the deprecated `category` with the same numbers) that are add-ons:
 * DLC (1), expansion (2), bundle (3), season (7), pack (13) and update (14). Main games, standalone
 * expansions, mods, episodes, remakes, remasters, expanded games, ports and forks are games.
 */
export const ADDON_IGDB_GAME_TYPES: ReadonlySet<number> = new Set([1, 2, 3, 7, 13, 14]);

/** Whether IGDB's game type marks an add-on; undefined when the record has no type (the title decides). */
export function isAddonGameType(type: number | undefined | null): boolean | undefined {
  return typeof type === 'number' ? ADDON_IGDB_GAME_TYPES.has(type) : undefined;
}

/** An imported game's add-on mark: IGDB's type when known, otherwise its title. */
export const isAddon = (title: string, addonByType?: boolean): boolean => addonByType ?? isAddonTitle(title);
