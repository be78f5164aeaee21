import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
  adminPassword: string;
  /** True on the first start, when the secrets were just generated. */
  generated: boolean;
}

/** Generated once, kept in the data folder (mode 600), reused on every start. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Omit<Secrets, 'generated'>;
    return { ...stored, generated: false };
  }
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    adminPassword: randomBytes(12).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { ...secrets, generated: true };
}
