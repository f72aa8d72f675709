import { afterEach, vi } from 'vitest';
import { dismissToast, toast } from '../components/ui/use-toast';
// The app's stylesheet (Tailwind and the card's classes), so components are laid out as in the app.
import '../index.css';

afterEach(() => {
  vi.unstubAllGlobals();
  // Notifications live outside React, one at a time: none may carry over into the next test
  // (an open one is a layer Escape would close first).
  dismissToast(toast({ title: '' }));
});
