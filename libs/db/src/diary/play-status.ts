/** A player's status for a game (decisions §12); the values are the API's and the column's. */
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

export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
