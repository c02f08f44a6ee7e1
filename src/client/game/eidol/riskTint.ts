/** How the risk colour tints an eidol's sprite: shared by the eidol scene and the gallery's risk sheet. */

/** How much of the risk colour tints the sprite (a full black tint at 0° would hide it). */
const TINT_SHARE = 0.45;

/** The sprite tint for risk colour `colour` (0xRRGGBB): white moved TINT_SHARE of the way to the colour. */
export function riskTint(colour: number): number {
  const ch = (shift: number) => Math.round(255 + (((colour >> shift) & 0xff) - 255) * TINT_SHARE);
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}
