import { readFileSync, writeFileSync } from 'node:fs';
import { fromRoot } from '@veredicto/config';

/** Replaces (or appends) one benchmark's section of docs/PERFORMANCE.md. */
export function writeSection(key: string, section: string): void {
  const file = fromRoot('docs/PERFORMANCE.md');
  let text =
    "# Performance\n\nFigures measured on this project's 2-core machine; each section gives its command.\n";
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // first run: start the file
  }
  const start = `<!-- ${key}:start -->`;
  const end = `<!-- ${key}:end -->`;
  const block = `${start}\n${section}\n${end}`;
  text = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}
