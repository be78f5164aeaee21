import { suggestionMarks } from './suggestions.js';

const game = (title: string, releaseDate: string | null, addon = false) => ({ title, releaseDate, addon });

describe('suggestionMarks', () => {
  it("marks a game's add-ons, by its flag or as '<title> - <subtitle>' after it", () => {
    expect(
      suggestionMarks([
        game('The Legend of Zelda: Breath of the Wild', '2017-03-03'),
        game("The Legend of Zelda: Breath of the Wild - The Champions' Ballad", '2017-12-07'),
        game('The Legend of Zelda: Breath of the Wild - The Master Trials', '2017-06-30'),
        game('Zelda Soundtrack', '2018-01-01', true),
      ]),
    ).toEqual([null, 'dlc', 'dlc', 'dlc']);
  });

  it("leaves a ':' subtitle and an unrelated title alone", () => {
    expect(
      suggestionMarks([
        game("Marvel's Spider-Man", '2018-09-07'),
        game("Marvel's Spider-Man: Miles Morales", '2020-11-12'),
        game('Spider-Man 2', '2004-06-28'),
      ]),
    ).toEqual([null, null, null]);
  });

  it('marks the later releases of one title as editions, the earliest as the game', () => {
    expect(
      suggestionMarks([
        game('Grand Theft Auto V', '2015-04-14'),
        game('Grand Theft Auto V', '2022-04-12'),
        game('Grand Theft Auto V', '2013-09-17'),
        game('Grand Theft Auto IV', '2008-04-29'),
      ]),
    ).toEqual(['edition', 'edition', null, null]);
  });
});
