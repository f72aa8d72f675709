/**
 * Every page's first script (index.html's head, so the app's pages and the pages the Worker
 * renders alike): marks `<html data-theme>` with the scheme chosen on this device before the
 * first paint, so a page never flashes the other one, and again when another tab chooses, so a
 * page the app has not started on follows too. Without it (no script, no choice) the stylesheet
 * follows the system. Carried inline: the pages' CSP names it by hash.
 */
import { themeStorageKey } from '../lib/theme-script';

function markTheme() {
  try {
    const theme = localStorage.getItem(themeStorageKey);
    const root = document.documentElement;
    if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
    else root.removeAttribute('data-theme');
  } catch {}
}

markTheme();
addEventListener('storage', (event) => {
  if (event.key === themeStorageKey || event.key === null) markTheme();
});
