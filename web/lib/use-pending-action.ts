import { useEffect, useEffectEvent } from 'react';
import { appReadyEvent, takePendingAction } from './page-actions';

/**
 * Carries out `action` if it was pressed before the app took over the page: as the control comes
 * to life (pressed before its part of the page hydrated), or when the app takes over (pressed on a
 * control already live, in the moment before the screen around it was).
 */
export function usePendingAction(action: string, carryOut: () => void) {
  const carryOutOnce = useEffectEvent(() => {
    if (takePendingAction(action)) carryOut();
  });
  useEffect(() => {
    carryOutOnce();
    window.addEventListener(appReadyEvent, carryOutOnce);
    return () => window.removeEventListener(appReadyEvent, carryOutOnce);
  }, []);
}
