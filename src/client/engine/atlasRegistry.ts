/** Frame name → loaded texture, with an error that names the missing frame (designers read it). */

/** Holds the textures of every loaded sheet by frame name; generic so tests need no GPU texture type. */
export class AtlasRegistry<T> {
  private readonly frames = new Map<string, T>();
  private readonly sheetOf = new Map<string, string>();

  /** Adds a sheet's frames; a name already present in another sheet is a packing mistake worth failing on. */
  addSheet(sheetName: string, textures: Record<string, T>): void {
    for (const [frame, tex] of Object.entries(textures)) {
      const previous = this.sheetOf.get(frame);
      if (previous !== undefined && previous !== sheetName) {
        throw new Error(`Atlas frame "${frame}" is in both sheet "${previous}" and sheet "${sheetName}"`);
      }
      this.frames.set(frame, tex);
      this.sheetOf.set(frame, sheetName);
    }
  }

  /** The texture of a frame; throws naming the frame so a bad atlas swap is obvious. */
  get(frame: string): T {
    const tex = this.frames.get(frame);
    if (tex === undefined) {
      throw new Error(
        this.frames.size === 0
          ? `Atlas frame "${frame}" requested before loadAtlases() finished`
          : `Atlas frame "${frame}" is missing from the loaded atlases`,
      );
    }
    return tex;
  }

  /** Whether a frame is loaded. */
  has(frame: string): boolean {
    return this.frames.has(frame);
  }

  /** Every loaded frame name, sorted. */
  names(): string[] {
    return [...this.frames.keys()].sort();
  }

  /** The sheet a frame came from. */
  sheetName(frame: string): string | undefined {
    return this.sheetOf.get(frame);
  }

  /** Forgets everything (tests, and a hot swap in the gallery). */
  clear(): void {
    this.frames.clear();
    this.sheetOf.clear();
  }
}
