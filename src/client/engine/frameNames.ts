/**
 * Every atlas frame name the code draws. Designers keep these names when they swap an atlas; a test checks
 * that each one exists in every atlas of the manifest. Code must take frame names from here, never inline.
 */

/** Master (investor) skin ids 1–6, facing right; the code flips them. */
export const masterFrame = (skinId: number): string => `master-${skinId}`;
