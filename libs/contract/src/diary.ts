/** A player's status for a game (docs/CONTRACT.md §12): the values of the API, the column and the import. */
export const PLAY_STATUSES = ['want', 'playing', 'completed', 'abandoned', 'shelved'] as const;
export type PlayStatus = (typeof PLAY_STATUSES)[number];

/** What each status reads as on screen. */
export const PLAY_STATUS_LABELS: Record<PlayStatus, string> = {
  want: 'Quiero jugarlo',
  playing: 'Jugando',
  completed: 'Completado',
  abandoned: 'Abandonado',
  shelved: 'En pausa',
};

/** Who may see a profile (docs/CONTRACT.md §12 and §18). */
export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
