/**
 * The header that carries a D1 bookmark between a person's browser and the API: each answer to
 * their writes (and to requests that carried one) holds the position their statements reached,
 * and the app sends the latest back, so their next read comes from a copy that holds their write.
 */
export const bookmarkHeader = 'x-d1-bookmark';
