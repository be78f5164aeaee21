import { Cleanups } from './bench-run.js';

describe('Cleanups', () => {
  it('stops the last started first, each once, past one that fails', async () => {
    const cleanups = new Cleanups();
    const stopped: string[] = [];
    cleanups.add(() => {
      stopped.push('product');
    });
    cleanups.add(() => {
      throw new Error('already gone');
    });
    cleanups.add(async () => {
      await Promise.resolve();
      stopped.push('fake store');
    });
    await Promise.all([cleanups.run(), cleanups.run()]);
    await cleanups.run();
    expect(stopped).toEqual(['fake store', 'product']);
  });
});
