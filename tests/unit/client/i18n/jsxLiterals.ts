/**
 * Finds player-facing text written straight into JSX: text children, string children (`{'…'}`) and the
 * string values of the attributes a player reads or hears (aria-label, title, alt, placeholder, label).
 * Punctuation, symbols and digits alone (‹, ×, ·, 1/2) are layout, not language, and pass.
 */
import ts from 'typescript';

/** Attributes whose value a player reads or a screen reader speaks. */
const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label', 'aria-description']);

/** One literal found. */
export interface JsxLiteral {
  line: number;
  text: string;
}

/** True when `text` holds a letter of any script. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** The JSX literals with words in one source file. */
export function jsxLiterals(fileName: string, source: string): JsxLiteral[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: JsxLiteral[] = [];
  const note = (node: ts.Node, text: string) => {
    if (hasWords(text)) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) note(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const e = node.expression;
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) note(e, e.text);
    } else if (ts.isJsxAttribute(node) && SPOKEN_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) note(init, init.text);
      else if (
        ts.isJsxExpression(init) &&
        init.expression &&
        (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
      )
        note(init, init.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Object properties whose string value a player reads (a button's label, a caption). */
const SPOKEN_PROPERTIES = new Set(['label', 'caption', 'title', 'placeholder', 'ariaLabel']);

/** String literals with words given to spoken properties (`{ label: 'Pop Eidol' }`) in one .ts or .tsx file. */
export function labelLiterals(fileName: string, source: string): JsxLiteral[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: JsxLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && SPOKEN_PROPERTIES.has(node.name.getText(file))) {
      const v = node.initializer;
      if ((ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) && hasWords(v.text)) {
        found.push({ line: file.getLineAndCharacterOfPosition(v.getStart()).line + 1, text: v.text.trim() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
