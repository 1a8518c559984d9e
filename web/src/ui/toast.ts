import { useIonToast } from '@ionic/react';

/** Toasts last 3 seconds (5 for password resets), as the spec says. */
export function useToast() {
  const [present] = useIonToast();
  return {
    success: (message: string, duration = 3000) => void present({ message, duration, color: 'success', position: 'top' }),
    error: (message: string, duration = 3000) => void present({ message, duration, color: 'danger', position: 'top' }),
    info: (message: string, duration = 3000) => void present({ message, duration, color: 'primary', position: 'top' }),
  };
}
