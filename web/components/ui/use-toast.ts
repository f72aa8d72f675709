import { useSyncExternalStore } from 'react';

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A next step the notification offers, such as "Sign in". */
  action?: { label: string; onSelect: () => void };
  open: boolean;
};

/** One notification shows at a time (`toast` replaces it); a closed one goes after this delay. */
const toastRemoveDelayMs = 1_000_000;

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), toastRemoveDelayMs);
}

/** Shows a notification, replacing the one on screen. */
export function toast(message: Omit<ToastMessage, 'id' | 'open'>) {
  const id = nextId++;
  setToasts([{ ...message, id, open: true }]);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
