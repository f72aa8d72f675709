import { useSyncExternalStore } from 'react';
import { themeStorageKey } from './theme-script';

export const themeChoices = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const listeners = new Set<() => void>();
const systemDarkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The same mark the theme script puts on `<html>` before the first paint. */
function markPage(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Another tab chose: the theme script has marked this page already; the menu follows. */
function onStorage(event: StorageEvent) {
  if (event.key !== themeStorageKey && event.key !== null) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  const systemDark = systemDarkQuery();
  systemDark.addEventListener('change', listener);
  return () => {
    systemDark.removeEventListener('change', listener);
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the choice on this device (none for System) and repaints every open page of it. */
export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Storage refused (a private window's quota): the choice lasts as long as the page.
  }
  markPage(choice);
  for (const listener of listeners) listener();
}

/**
 * The scheme chosen on this device and the one the page shows (System resolves to the system's).
 * The server knows neither: it renders System, and CSS shows the page's real scheme meanwhile.
 */
export function useTheme(): { choice: ThemeChoice; scheme: 'light' | 'dark' } {
  const choice = useSyncExternalStore(subscribe, storedChoice, () => 'system' as const);
  const systemDark = useSyncExternalStore(
    subscribe,
    () => systemDarkQuery().matches,
    () => false,
  );
  return { choice, scheme: choice === 'system' ? (systemDark ? 'dark' : 'light') : choice };
}
