/** A sheet's pages read from an atlases folder on disk (the build's scripts and the tests). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonHashSheetSchema, sheetPagePaths, type JsonHashSheet } from '../../src/client/engine/atlasManifest';

/** One page of a sheet: its JSON's path relative to the folder, and the JSON. */
export interface SheetPage {
  file: string;
  json: JsonHashSheet;
}

/** Reads every page of the sheet whose first page is `firstPage` (relative to `dir`), first page first. */
export async function readSheetPages(dir: string, firstPage: string): Promise<SheetPage[]> {
  const read = async (file: string) => jsonHashSheetSchema.parse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
  const first = await read(firstPage);
  const rest = sheetPagePaths(firstPage, first).slice(1);
  return [{ file: firstPage, json: first }, ...(await Promise.all(rest.map(async (file) => ({ file, json: await read(file) }))))];
}
