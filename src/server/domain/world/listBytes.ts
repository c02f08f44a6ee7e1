/**
 * A room's object list as UTF-8 JSON in blocks of BLOCK objects, each block kept until an object in it
 * changes. A walk replaces one object of a 500-object list, so its answer re-encodes one block and copies
 * the others, where joining and encoding the whole list's text (~95 KB) for every walk was most of the
 * answer's cost. The blocks' concatenation is the text `JSON.stringify(list)` gives.
 */

/** Objects per block: small enough that a walk re-encodes little, large enough that the blocks are few. */
const BLOCK = 32;
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** The encoded blocks of one list at a time (the snapshot's current one). */
export class ListBytes<T extends object> {
  private list: readonly T[] | undefined;
  private blocks: (Buffer | undefined)[] = [];

  /** `textOf` answers an object's JSON text (the snapshot keeps it per object). */
  constructor(private readonly textOf: (o: T) => string) {}

  /** `next` is `prev` with the object at `index` replaced: only that object's block is encoded again. */
  replaced(prev: readonly T[], next: readonly T[], index: number): void {
    if (this.list !== prev) return;
    this.list = next;
    this.blocks[Math.floor(index / BLOCK)] = undefined;
  }

  /** `list` as JSON in chunks, to be written (or concatenated) in order before another change. */
  chunks(list: readonly T[]): Buffer[] {
    if (this.list !== list) {
      this.list = list;
      this.blocks = new Array<Buffer | undefined>(Math.ceil(list.length / BLOCK));
    }
    const out: Buffer[] = [OPEN];
    for (let b = 0; b < this.blocks.length; b++) {
      let block = this.blocks[b];
      if (block === undefined) {
        const texts = list.slice(b * BLOCK, (b + 1) * BLOCK).map(this.textOf);
        // Each block after the first carries the comma that separates it from the one before.
        this.blocks[b] = block = Buffer.from(`${b > 0 ? ',' : ''}${texts.join(',')}`);
      }
      out.push(block);
    }
    out.push(CLOSE);
    return out;
  }
}
