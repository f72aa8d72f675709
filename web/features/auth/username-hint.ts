/** The line under the sign-up username: the board link once something is typed. */
export function usernameHint(username: string, host: string): string {
  return username
    ? `Your board link: ${host}/@${username}`
    : 'Only letters and numbers, 3-20 characters';
}

/**
 * Said under the username once something typed was changed (capitals, characters a username
 * cannot hold), so nothing changes unsaid: null when `typed` is what it became.
 */
export function usernameChangeNote(typed: string, username: string): string | null {
  if (typed === username) return null;
  return `Usernames use small letters and numbers only: "${typed}" became "${username}".`;
}
