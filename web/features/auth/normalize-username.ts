/** What a typed username becomes as it is typed: lower case, letters a-z and digits only. */
export function normalizeUsername(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, '');
}
