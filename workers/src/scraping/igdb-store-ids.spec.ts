import { igdbStoreIdLink } from './igdb-import.service.js';

describe('igdbStoreIdLink', () => {
  // Rows of IGDB's /external_games as asked (`fields game,uid,external_game_source`), with IGDB's own id.
  it('links Steam app ids and Microsoft Store product ids, under the new or the deprecated source name', () => {
    expect(igdbStoreIdLink({ id: 1, game: 1942, uid: '292030', external_game_source: 1 })).toEqual([
      { igdbId: 1942, store: 'steam', storeId: '292030', source: 'igdb' },
    ]);
    expect(igdbStoreIdLink({ id: 2, game: 1942, uid: '9p4d0k92bm7v', category: 11 })).toEqual([
      { igdbId: 1942, store: 'xbox', storeId: '9P4D0K92BM7V', source: 'igdb' },
    ]);
    expect(igdbStoreIdLink({ id: 3, game: { id: 7 }, uid: '620', external_game_source: { id: 1 } })).toEqual([
      { igdbId: 7, store: 'steam', storeId: '620', source: 'igdb' },
    ]);
  });

  it('leaves out other stores, ids of the wrong shape and rows without a game', () => {
    expect(igdbStoreIdLink({ game: 1, uid: '1207658924', external_game_source: 5 })).toEqual([]);
    expect(igdbStoreIdLink({ game: 1, uid: 'not-an-app', external_game_source: 1 })).toEqual([]);
    expect(igdbStoreIdLink({ game: 1, uid: 'c2f6b8a0-1d3e-4f5a-9b7c', external_game_source: 11 })).toEqual(
      [],
    );
    expect(igdbStoreIdLink({ uid: '292030', external_game_source: 1 })).toEqual([]);
    expect(igdbStoreIdLink({ game: 1, external_game_source: 1 })).toEqual([]);
  });
});
