/** The line under the sign-up username: the board link once something is typed. */
export function usernameHint(username: string, host: string): string {
  return username
    ? `Your board link: ${host}/@${username}`
    : 'Only letters and numbers, 3-20 characters';
}
