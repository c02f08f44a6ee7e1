/** What the world's chat and social actions answer when they refuse (spec 3 has none of these texts). */

/** 422 `verse`: nothing left after trimming. */
export const VERSE_REQUIRED = 'The verse field is required.';
/** 422 `verse`: longer than the action's limit. */
export function verseTooLong(max: number): string {
  return `The verse may not be greater than ${max} characters.`;
}
/** 409: the poster has no master in a room. */
export const NOT_IN_ROOM = 'Enter the Forum or the Ditch first.';
/** 409: a scribe without the item. */
export const NO_SCRIBE = 'You have no Scribe to write with';
/** 404: no standing inscription of that id. */
export const INSCRIPTION_NOT_FOUND = 'Inscription not found.';
/** 409: the second vote of one player. */
export const ALREADY_VOTED = 'You already voted for this inscription';
/** 403: promote by anyone but the {name} account. */
export function onlyAdminPromotes(adminName: string): string {
  return `Only ${adminName} may promote inscriptions.`;
}
/** 404: no master of that id. */
export const PLAYER_NOT_FOUND = 'Player not found.';
/** 409: the liked master is no longer in a room. */
export const PLAYER_GONE = 'This player is no longer here.';
/** 422 `id`: a luv to oneself. */
export const LIKE_SELF = 'You cannot luv yourself.';
/** 429: verses or yells too fast. */
export function chatTooFast(seconds: number): string {
  return `You are speaking too fast. Try again in ${seconds} seconds.`;
}
/** 429: a second luv to one player within the minute. */
export function likeTooFast(seconds: number): string {
  return `You already sent luv to this player. Try again in ${seconds} seconds.`;
}
