import { badgeFor } from './game.presenter.js';

describe('badgeFor', () => {
  it.each([
    [0, null],
    [1, 'bronze'],
    [20, 'bronze'],
    [21, 'silver'],
    [50, 'silver'],
    [51, 'gold'],
  ])('%i reviews → %s', (count, badge) => {
    expect(badgeFor(count)).toBe(badge);
  });
});
