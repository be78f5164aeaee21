import { gameHours, minutesToHours, roundHours } from './hours.js';

describe('hours', () => {
  it('turns minutes into decimal hours', () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(0)).toBe(0);
    expect(minutesToHours(20)).toBe(0.33);
    expect(minutesToHours(150 + 45)).toBe(3.25);
  });

  it('prefers the stated hours over the sessions', () => {
    expect(gameHours(12, 600)).toBe(12);
    expect(gameHours(0, 600)).toBe(0);
    expect(gameHours(null, 600)).toBe(10);
    expect(roundHours(1.005 + 0.004)).toBe(1.01);
  });
});
