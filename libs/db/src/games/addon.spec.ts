import { isAddon, isAddonGameType, isAddonTitle } from './addon.js';

// Real titles of bench/data/games-large.jsonl.gz and libs/db/seed-data/games.jsonl.gz.
describe('isAddonTitle', () => {
  it.each([
    'Payday 2: Yakuza Character Pack',
    'Mordhau: Adventurer Pack',
    'Call of Duty: Advanced Warfare - Steampunk Exoskeleton Pack',
    'Bear vs. Wolf Jigsaw Puzzle: Expansion Pack 5',
    'Deemo: Reborn - Classic Song Packs Season Pass',
    'Anno 1800: Season Pass',
    'Halo Wars 2 Season Pass',
    'Pokémon Shield Expansion Pass',
    'Splatoon 3: Expansion Pass',
    'Super Smash Bros. Ultimate: Fighters Pass',
    'Persona 3: Dancing in Moonlight - Featherman Set',
    'Warriors: Abyss - Dynasty Warriors Jin Dynasty Classic Costume Set',
    'Dead Rising Deluxe Remaster: Costume & BGM - Rikuo',
    'Like a Dragon: Pirate Yakuza in Hawaii - Kazuma Kiryu Special Outfit',
    'Armored Suit Solgante: Expansion DLC',
    'Lego Jurassic World DLC Pack',
    'Railworks Class 20 Pack DLC',
    'Vampire Survivors: Game + All DLC + OST Bundle',
    'Iris and the Giant: Deluxe Soundtrack Edition',
    'Sonic the Hedgehog Legacy Bundle',
    'Trainz Plus: Pro Train - SD40-2 Loco Bundle 3',
    'Tekken 7 + SoulCalibur VI Double Pack',
    'Biohazard Value Pack',
    'Star Trek: Voyager - Elite Force Expansion Pack',
  ])('marks %s as an add-on', (title) => expect(isAddonTitle(title)).toBe(true));

  it.each([
    'Pac-Man',
    'Pac-Man Championship Edition 2',
    'Jetpack Joyride',
    'Backpack Hero',
    // A party game sold as a game, not a pack of another: no subtitle before 'Pack'.
    'The Jackbox Party Pack 7',
    'LEGO Fun Pack',
    'Microsoft Entertainment Pack 3',
    'Wolfpack',
    'Costume Quest: Grubbins on Ice',
    'Blacksad: Under the Skin',
    'Mot De Pass',
    'Ostriv',
    'Boston Post',
    'Setsuna: I Am Setsuna',
    'Cyberpunk 2077',
    'The Witcher 3: Wild Hunt - Complete Edition',
    'NieR: Automata - Day One Edition',
    'Wargame Construction Set',
    'Quiet on Set',
    'Bundle of Joy',
  ])('leaves %s a game', (title) => expect(isAddonTitle(title)).toBe(false));
});

describe('isAddon', () => {
  it("takes IGDB's game type over the title when the record has one", () => {
    expect(isAddonGameType(1)).toBe(true);
    expect(isAddonGameType(13)).toBe(true);
    expect(isAddonGameType(0)).toBe(false);
    expect(isAddonGameType(4)).toBe(false);
    expect(isAddonGameType(undefined)).toBeUndefined();
    expect(isAddon('Capcom Beat \u2019Em Up Bundle', false)).toBe(false);
    expect(isAddon('Cyberpunk 2077: Phantom Liberty', true)).toBe(true);
    expect(isAddon('Anno 1800: Season Pass')).toBe(true);
    expect(isAddon('Anno 1800')).toBe(false);
  });
});
