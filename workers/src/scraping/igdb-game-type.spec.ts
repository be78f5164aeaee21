import { mapIgdbGame } from './igdb-import.service.js';

const record = (extra: object) => ({ id: 7, name: 'Anno 1800', platforms: [6], ...extra });

describe("mapIgdbGame's add-on mark", () => {
  it("takes IGDB's game type, as a number or an object, or its deprecated category", () => {
    expect(mapIgdbGame(record({ game_type: 1 }))?.addonByType).toBe(true);
    expect(mapIgdbGame(record({ game_type: { id: 13 } }))?.addonByType).toBe(true);
    expect(mapIgdbGame(record({ category: 3 }))?.addonByType).toBe(true);
    expect(mapIgdbGame(record({ game_type: 0, category: 1 }))?.addonByType).toBe(false);
    expect(mapIgdbGame(record({ game_type: 4 }))?.addonByType).toBe(false);
  });

  it('leaves it to the title when the record has no type', () => {
    expect(mapIgdbGame(record({}))?.addonByType).toBeUndefined();
  });
});
