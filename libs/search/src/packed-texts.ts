/**
 * Many short texts of normalised search text (ASCII letters, digits and spaces: normalizeSearchText) in
 * one byte buffer with their offsets, so that an index of hundreds of thousands of titles holds two
 * objects instead of one string each: the garbage collector neither marks nor moves them. A text is
 * compared in place; `text` copies one out as a string only where a string is needed.
 */
export class PackedTexts {
  private readonly bytes: Buffer;
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length + 1);
    for (let at = 0; at < texts.length; at++) this.starts[at + 1] = this.starts[at] + texts[at].length;
    this.bytes = Buffer.allocUnsafe(this.starts[texts.length]);
    texts.forEach((text, at) => {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        // One byte a character. Beyond Latin-1 (never in normalised text) a NUL stands for it: it
        // matches no typed text (normalised too) and separates words as the character did.
        this.bytes[this.starts[at] + i] = code > 0xff ? 0 : code;
      }
    });
  }

  get count(): number {
    return this.starts.length - 1;
  }

  /** Bytes held, for the memory report. */
  get byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength;
  }

  length(at: number): number {
    return this.starts[at + 1] - this.starts[at];
  }

  text(at: number): string {
    return this.bytes.toString('latin1', this.starts[at], this.starts[at + 1]);
  }

  equals(at: number, text: string): boolean {
    return this.length(at) === text.length && this.startsWith(at, text);
  }

  startsWith(at: number, text: string): boolean {
    const from = this.starts[at];
    if (this.starts[at + 1] - from < text.length) return false;
    for (let i = 0; i < text.length; i++) if (this.bytes[from + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  includes(at: number, text: string): boolean {
    const [from, last] = [this.starts[at], this.starts[at + 1] - text.length];
    if (!text.length) return true;
    const first = text.charCodeAt(0);
    for (let start = from; start <= last; start++) {
      if (this.bytes[start] !== first) continue;
      let i = 1;
      while (i < text.length && this.bytes[start + i] === text.charCodeAt(i)) i++;
      if (i === text.length) return true;
    }
    return false;
  }

  /** The order of the text at `at` and `text`, as JavaScript compares strings (by character code). */
  compare(at: number, text: string): number {
    const [from, length] = [this.starts[at], this.length(at)];
    const common = Math.min(length, text.length);
    for (let i = 0; i < common; i++) {
      const difference = this.bytes[from + i] - text.charCodeAt(i);
      if (difference) return difference;
    }
    return length - text.length;
  }
}
