/**
 * Imported first by every entry point: on an older Node.js a native dependency (argon2) crashes with a bare
 * segmentation fault while loading. Say what is wrong instead. `npm start` and `npm test` run the
 * Node.js 24 installed with the project, whatever the system's is.
 */
const MINIMUM = [22, 17] as const;

export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(
    `Veredicto needs Node.js ${MINIMUM.join('.')} or newer; this is ${process.version}. ` +
      'Run it through npm (npm start, npm test): it uses the Node.js 24 installed in node_modules.\n',
  );
  process.exit(1);
}
