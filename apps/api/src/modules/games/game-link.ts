// Where a notice about a game leads: its page in the SPA.
export const gameLink = (id_game: number) => `/games/${id_game}`;
