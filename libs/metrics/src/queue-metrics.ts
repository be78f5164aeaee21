import type { Queue } from 'bullmq';

/**
 * BullMQ's own Prometheus export for every queue, merged into one text: each queue's export repeats the
 * `# HELP`/`# TYPE` lines of its families, and the exposition format allows each family only once.
 * A queue whose backend cannot answer (Redis restarting) is left out of this scrape instead of failing it.
 */
export async function exportQueueMetrics(queues: readonly Queue[]): Promise<string> {
  const exports = await Promise.all(queues.map((queue) => queue.exportPrometheusMetrics().catch(() => '')));
  return mergeExpositions(exports);
}

/** Merges exposition texts so that each metric family appears once with all its samples. */
export function mergeExpositions(texts: readonly string[]): string {
  const families = new Map<string, { header: string[]; samples: string[] }>();
  let current: { header: string[]; samples: string[] } | undefined;
  for (const line of texts.flatMap((text) => text.split('\n'))) {
    const header = /^# (HELP|TYPE) (\S+)/.exec(line);
    if (header) {
      const name = header[2];
      current = families.get(name);
      if (!current) {
        current = { header: [], samples: [] };
        families.set(name, current);
      }
      if (!current.header.some((seen) => seen.startsWith(`# ${header[1]} `))) current.header.push(line);
      continue;
    }
    if (!line.trim() || line.startsWith('#')) continue;
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) continue;
    const family = families.get(name) ?? current;
    if (!family) continue;
    family.samples.push(line);
  }
  return [...families.values()].flatMap((family) => [...family.header, ...family.samples]).join('\n');
}
