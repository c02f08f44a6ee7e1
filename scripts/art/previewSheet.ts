/** `npx tsx scripts/art/previewSheet.ts SHEET [RES]`: writes /tmp/art/<sheet>.png on the game's dark board. */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const [sheet = 'masters', res = 'full'] = process.argv.slice(2);
const file = `atlases/${res}/${sheet}.png`;
const meta = await sharp(file).metadata();
await mkdir('/tmp/art', { recursive: true });
await sharp({ create: { width: meta.width ?? 1, height: meta.height ?? 1, channels: 4, background: '#1a1424' } })
  .composite([{ input: file }])
  .png()
  .toFile(`/tmp/art/${sheet}-${res}.png`);
console.info(`/tmp/art/${sheet}-${res}.png ${meta.width}×${meta.height}`);
