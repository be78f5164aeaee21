import { matchNintendo, NINTENDO_MATCH_DAYS } from './nintendo-matcher.js';

const candidate = (igdbId: number, title: string, releaseDate: string) => ({ igdbId, title, releaseDate });
const eshop = (title: string, nsuid: string, releaseDate: string | null) => ({
  title,
  nsuids: [nsuid],
  releaseDate,
});

describe('matchNintendo', () => {
  it('links the same title released within a few days, whatever the accents, case and trademark signs', () => {
    expect(
      matchNintendo(
        [
          candidate(1, 'The Legend of Zelda: Breath of the Wild', '2017-03-03'),
          candidate(2, 'Pokémon Escarlata', '2022-11-18'),
        ],
        [
          eshop('The Legend of Zelda™: Breath of the Wild', '70010000000023', '2017-03-03'),
          eshop('POKEMON ESCARLATA', '70010000053971', '2022-11-17'),
        ],
      ),
    ).toEqual([
      { igdbId: 1, nsuid: '70010000000023' },
      { igdbId: 2, nsuid: '70010000053971' },
    ]);
  });

  it('does not link the same title released on another date, nor a title without a date', () => {
    const games = [candidate(1, 'Celeste', '2018-01-25')];
    const later = new Date(Date.parse('2018-01-25') + (NINTENDO_MATCH_DAYS + 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(matchNintendo(games, [eshop('Celeste', '70010000006442', later)])).toEqual([]);
    expect(matchNintendo(games, [eshop('Celeste', '70010000006442', null)])).toEqual([]);
    expect(matchNintendo(games, [eshop('Celeste 2', '70010000006443', '2018-01-25')])).toEqual([]);
  });

  it('leaves ambiguous matches unlinked', () => {
    // Two of our games fit one eShop title: neither is linked.
    expect(
      matchNintendo(
        [candidate(1, 'Tetris', '2020-05-01'), candidate(2, 'Tetris', '2020-05-02')],
        [eshop('Tetris', '70010000000100', '2020-05-01')],
      ),
    ).toEqual([]);
    // Two eShop titles with different nsuids fit one game: not linked; the same nsuid twice still links.
    expect(
      matchNintendo(
        [candidate(1, 'Doom', '2017-11-10')],
        [eshop('DOOM', '70010000000200', '2017-11-10'), eshop('Doom', '70010000000201', '2017-11-11')],
      ),
    ).toEqual([]);
    expect(
      matchNintendo(
        [candidate(1, 'Doom', '2017-11-10')],
        [eshop('DOOM', '70010000000200', '2017-11-10'), eshop('Doom', '70010000000200', '2017-11-10')],
      ),
    ).toEqual([{ igdbId: 1, nsuid: '70010000000200' }]);
  });
});
