import { isMatureTitle } from './mature.js';

describe('isMatureTitle', () => {
  it.each(['Hentai Girls: Winky Witch', 'Sex Shop Supermarket Simulator', 'Zombies Rising xXx', 'BMX XXX'])(
    'marks %s adult',
    (title) => expect(isMatureTitle(title)).toBe(true),
  );

  it.each(['The Sexy Brutale', 'Essex Escape', 'Pornography of Sound', 'The Legend of Zelda', 'Sexton'])(
    'leaves %s in the lists',
    (title) => expect(isMatureTitle(title)).toBe(false),
  );
});
