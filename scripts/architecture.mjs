#!/usr/bin/env node
// The house from its one description, architecture.json: the import boundaries that eslint.config.js
// enforces and the picture in docs/ARCHITECTURE.md. `node scripts/architecture.mjs` writes the picture,
// `--check` fails when it is out of date (part of `npm run lint`).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PICTURE = join(root, 'docs', 'ARCHITECTURE.md');

export function loadHouse() {
  return JSON.parse(readFileSync(join(root, 'architecture.json'), 'utf8'));
}

/** The name a room is imported by (`@veredicto/db`) and its folder's last part (`db/src`). */
const keyOf = (room) =>
  room.path.split('/').at(-1) === 'src' ? room.path.split('/')[0] : room.path.split('/').at(-1);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const reach = (key) => `(^@veredicto/${key}(/|$))|((^|/)${key}/src(/|$))`;
const forbid = (regex, message) => ({ regex, message });
const usesOf = (room) => room.uses.map((use) => (typeof use === 'string' ? { room: use } : use));

/**
 * The front's features: every folder under the room's `features` path is one lint zone, so a new feature is
 * covered the day its folder exists (test/lint/boundaries.spec.ts checks each one).
 */
export function frontFeatures(house, roomName = 'frontend') {
  const room = house.rooms.find((candidate) => candidate.name === roomName);
  if (!room?.features) return [];
  return readdirSync(join(root, room.features), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Across packages by name, never by a relative path into another package's sources (compiled dist/ aside). */
export function deepImportPattern(house) {
  const keys = house.rooms.filter((room) => room.path.startsWith('libs/')).map(keyOf);
  return forbid(
    `^(?!.*(^|/)dist/)\\.{1,2}/(.*/)?(libs/|(${keys.join('|')})/src(/|$))`,
    'Entre paquetes se importa por su nombre (@veredicto/db), no por una ruta relativa: `npm run imports:packages` lo corrige.',
  );
}

/** The `no-restricted-imports` patterns of one room: every room it does not use, and its forbidden packages. */
export function roomPatterns(house, name) {
  const room = house.rooms.find((candidate) => candidate.name === name);
  if (!room) throw new Error(`architecture.json has no room ${name}`);
  if (room.onlyOwnFiles) return [forbid('^(?!\\./)', room.onlyOwnFiles)];
  const uses = usesOf(room);
  const allowed = uses.map((use) => use.room).join(', ') || 'ningún otro paquete';
  const patterns = [];
  for (const other of house.rooms) {
    if (other === room) continue;
    const use = uses.find((candidate) => candidate.room === other.name);
    if (!use) {
      patterns.push(
        forbid(
          reach(keyOf(other)),
          `${room.name} no importa ${other.name}: solo usa ${allowed} (architecture.json).`,
        ),
      );
    } else if (use.only) {
      patterns.push(
        forbid(
          `^@veredicto/${keyOf(other)}(?!/(${use.only.map(escape).join('|')})$)(/|$)`,
          `${room.name} solo importa de ${other.name} ${use.only.join(', ')} (architecture.json).`,
        ),
      );
    }
  }
  for (const { pattern, why } of room.forbiddenPackages ?? []) patterns.push(forbid(pattern, why));
  return [...patterns, deepImportPattern(house)];
}

/** One ESLint block per room (a later block replaces an earlier one's list for the files it matches). */
export function boundaryBlocks(house) {
  return [
    {
      files: ['**/*.{ts,mts,mjs}'],
      rules: { 'no-restricted-imports': ['error', { patterns: [deepImportPattern(house)] }] },
    },
    ...house.rooms.map((room) => ({
      files: room.files,
      rules: { 'no-restricted-imports': ['error', { patterns: roomPatterns(house, room.name) }] },
    })),
  ];
}

const nodeId = (name) => name.replace(/[^A-Za-z0-9]/g, '_');

/** docs/ARCHITECTURE.md: a Mermaid drawing of the rooms and their arrows, and the same as a table. */
export function drawHouse(house) {
  const lines = [
    '# The house',
    '',
    '<!-- Written by `npm run architecture` from architecture.json; `npm run lint` fails when it is out of date. -->',
    '',
    'Every arrow is an import a room may make; `npm run lint` refuses any other (`eslint.config.js` reads the',
    'same `architecture.json`). Dotted arrows are not imports: HTTP, and jobs through the queues.',
    '',
    '```mermaid',
    'flowchart TD',
  ];
  for (const room of house.rooms) lines.push(`  ${nodeId(room.name)}["${room.name}"]`);
  for (const room of house.rooms) {
    for (const use of usesOf(room)) {
      const label = use.only ? `|${use.only.join(', ')}|` : '';
      lines.push(`  ${nodeId(room.name)} -->${label} ${nodeId(use.room)}`);
    }
    for (const talk of room.talks ?? [])
      lines.push(`  ${nodeId(room.name)} -. ${talk.how} .-> ${nodeId(talk.to)}`);
  }
  lines.push('```', '', '| room | holds | imports | never imports |', '| --- | --- | --- | --- |');
  for (const room of house.rooms) {
    const uses = usesOf(room);
    const imports =
      uses.map((use) => (use.only ? `${use.room} (${use.only.join(', ')})` : use.room)).join(', ') || '—';
    const never = house.rooms
      .filter((other) => other !== room && !uses.some((use) => use.room === other.name))
      .map((other) => other.name);
    const packages = (room.forbiddenPackages ?? []).map(
      ({ pattern }) => `\`${pattern.replaceAll('|', '\\|')}\``,
    );
    const refused = room.onlyOwnFiles ? 'anything but its own files' : [...never, ...packages].join(', ');
    lines.push(`| \`${room.path}/\` | ${room.holds} | ${imports} | ${refused} |`);
  }
  return `${lines.join('\n')}\n`;
}

async function formatted(text) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(PICTURE)) ?? {};
  return prettier.format(text, { ...options, filepath: PICTURE });
}

/** Where the drawn part of docs/ARCHITECTURE.md ends: what follows is written by hand and kept as it is. */
const HAND_WRITTEN = '<!-- Written by hand from here on: `npm run architecture` keeps it. -->';

/** The hand-written part of the current docs/ARCHITECTURE.md (from its marker on), or none. */
function handWritten(current) {
  const at = current.indexOf(HAND_WRITTEN);
  return at === -1 ? '' : `\n${current.slice(at)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const existing = existsSync(PICTURE) ? readFileSync(PICTURE, 'utf8') : '';
  const picture = await formatted(drawHouse(loadHouse()) + handWritten(existing));
  if (process.argv.includes('--check')) {
    if (existing !== picture) {
      process.stderr.write(
        'docs/ARCHITECTURE.md no coincide con architecture.json: ejecuta `npm run architecture`.\n',
      );
      process.exit(1);
    }
  } else {
    writeFileSync(PICTURE, picture);
  }
}
