/**
 * The gallery's risk sheet: one eidol frame as the eidol scene tints it at every tenth of the risk range
 * (0° to 90°), so a designer sees a swapped skin under each risk colour. A scene that is only a function of
 * its props, so it is declared in JSX through @pixi/react on a canvas of its own; it loads with the dev-only
 * gallery, never on home's path (home's stage is plain Pixi: app/PixiStage.tsx).
 */
import { Application, extend } from '@pixi/react';
import { Container, Sprite } from 'pixi.js';
import { texture } from '../../engine/atlas';
import { MAX_ANGLE, riskColour, visualAngle } from './riskAngle';
import { riskTint } from './riskTint';

extend({ Container, Sprite });

/** The angles the sheet shows, 0° to 90° in steps of 9°. */
export const SHEET_ANGLES: readonly number[] = Array.from({ length: 11 }, (_, i) => (i * MAX_ANGLE) / 10);

/** Props: the atlas frame to tint (loaded already) and the side of one cell in CSS pixels. */
export interface RiskTintSheetProps {
  frame: string;
  cell: number;
}

/** The sheet (default export: the gallery lazy-loads it). */
export default function RiskTintSheet({ frame, cell }: RiskTintSheetProps) {
  const tex = texture(frame);
  const scale = Math.min(1, (cell * 0.9) / Math.max(tex.width, tex.height));
  return (
    <Application width={cell * SHEET_ANGLES.length} height={cell} backgroundAlpha={0} preference="webgl" className="gallery-risk-sheet">
      <pixiContainer>
        {SHEET_ANGLES.map((theta, i) => (
          <pixiSprite
            key={theta}
            texture={tex}
            anchor={0.5}
            x={cell * (i + 0.5)}
            y={cell / 2}
            scale={scale}
            tint={riskTint(riskColour(visualAngle(theta)))}
          />
        ))}
      </pixiContainer>
    </Application>
  );
}
