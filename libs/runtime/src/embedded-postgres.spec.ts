import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { letPostgresUserReach } from './embedded-postgres.js';

describe('letPostgresUserReach', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'veredicto-reach-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('as root, adds only the search permission for others where a folder on the way lacks it', async () => {
    const privateDir = join(root, 'privado');
    const openDir = join(privateDir, 'abierto');
    const target = join(openDir, 'bin');
    mkdirSync(target, { recursive: true });
    chmodSync(root, 0o700);
    chmodSync(privateDir, 0o750);
    chmodSync(openDir, 0o755);
    const lines: string[] = [];
    const opened = await letPostgresUserReach([target], (line) => lines.push(line), true);
    expect(opened).toEqual(expect.arrayContaining([privateDir, root]));
    expect(opened).not.toContain(openDir);
    expect(modeOf(root)).toBe(0o701);
    expect(modeOf(privateDir)).toBe(0o751);
    expect(modeOf(openDir)).toBe(0o755);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(privateDir);
    // Nothing left to open: nothing changed, nothing said.
    expect(await letPostgresUserReach([target], (line) => lines.push(line), true)).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('does nothing when not running as root', async () => {
    chmodSync(root, 0o700);
    expect(await letPostgresUserReach([root], () => undefined, false)).toEqual([]);
    expect(modeOf(root)).toBe(0o700);
  });
});
