/** What players read when a presence call is refused. */

/** Walking (or anything done in a room) without being present in one. */
export const ENTER_FIRST = 'Enter the Forum first.';
/** A room id other than 1 (the Forum) or 2 (the Ditch). */
export const NO_SUCH_ROOM = 'There is no such room.';
/** A walk without a usable coordinate. */
export const COORDINATE_REQUIRED = 'The coordinate must be a number.';
/** A walk without a usable facing. */
export const FLIP_REQUIRED = 'The flip must be true or false (or 0 or 1).';
