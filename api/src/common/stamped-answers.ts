/**
 * Answers kept by key for one stamp of what they were made from (the read model's): a new stamp forgets
 * them all. Bounded by the bytes of their bodies: past the bound it starts again empty, the answers being
 * cheap to make again and the read cache keeping the bodies anyway.
 */
export class StampedAnswers<Answer> {
  private stamp: string | undefined;
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(stamp: string, key: string): Answer | undefined {
    return stamp === this.stamp ? this.answers.get(key) : undefined;
  }

  set(stamp: string, key: string, answer: Answer, bytes: number): void {
    if (stamp !== this.stamp || this.bytes + bytes > this.maxBytes) {
      this.answers.clear();
      this.bytes = 0;
      this.stamp = stamp;
    }
    this.answers.set(key, answer);
    this.bytes += bytes;
  }

  get size(): number {
    return this.answers.size;
  }
}
