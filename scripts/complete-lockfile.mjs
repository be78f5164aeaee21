// The registry these machines use serves only the packages of their own platform, so `npm install`
// leaves other platforms' optional binaries (swc, msgpackr-extract, unrs-resolver) out of the lock file,
// and `npm ci` then refuses the lock. This adds those entries back, marked optional with their os/cpu,
// so npm ci skips them on a mismatching machine. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = [
  'darwin',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'linux',
  'sunos',
  'netbsd',
  'openbsd',
  'aix',
];
const CPU = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
  ['arm', 'arm'],
];
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/${key}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((candidate) => parts.includes(candidate));
    const cpu = CPU.find(([token]) => parts.includes(token))?.[1];
    if (!os || !cpu) continue;
    packages[key] = { version, license: entry.license, optional: true, os: [os], cpu: [cpu] };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock file: ${added} optional platform entries added`);
