/** Minutes as the decimal hours every answer carries (90 minutes = 1.5), to the hundredth. */
export const minutesToHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** Hours rounded to the hundredth, as stored. */
export const roundHours = (hours: number): number => Math.round(hours * 100) / 100;

/** A game's hours: those the player stated, otherwise the sum of the sessions. */
export const gameHours = (statedHours: number | null, sessionMinutes: number): number =>
  statedHours ?? minutesToHours(sessionMinutes);
