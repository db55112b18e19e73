/**
 * Seeded text for the benchmarks: the same synthetic sessions on every run.
 */

/** mulberry32: a tiny seeded PRNG. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random choices and prose drawn from one seeded stream; generators extend it. */
export class SeededText {
  protected readonly random: () => number;

  constructor(
    seed: number,
    private readonly words: readonly string[],
    private readonly sentence: { end: string; rate: number },
  ) {
    this.random = seeded(seed);
  }

  protected int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  protected pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** Words from the vocabulary until about `chars` characters, with sentence ends now and then. */
  prose(chars: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const word = this.pick(this.words);
      parts.push(word);
      length += word.length + 1;
      if (this.random() < this.sentence.rate) parts.push(this.sentence.end);
    }
    return parts.join(' ');
  }
}
