/**
 * What a bench started (the product, a fake store, the bare server, a database client), stopped however
 * the bench ends: Ctrl-C, an error, or the end of its run. The last started stops first; each stops once,
 * and one that fails to stop does not keep the others running.
 */
export class Cleanups {
  private readonly steps: Array<() => Promise<void> | void> = [];
  private running: Promise<void> | undefined;

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) await (async () => step())().catch(() => undefined);
    })();
    return this.running;
  }
}

/**
 * Runs a bench's `main`, then stops what it started and exits with the run's code (1 after an error,
 * printed); SIGINT and SIGTERM stop what it started too, and exit with 130.
 */
export async function runBench(main: () => Promise<void>, cleanups: Cleanups): Promise<never> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started…`);
      void cleanups.run().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
  process.exit(process.exitCode ?? 0);
}
