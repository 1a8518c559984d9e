import { pushNotice } from './notices';

/** Toasts last 3 seconds (5 for password resets), as the spec says; they queue, never replace each other. */
const TOAST_MS = 3000;

export function useToast() {
  return {
    success: (message: string, duration = TOAST_MS) => void pushNotice({ tone: 'success', message, duration }),
    error: (message: string, duration = TOAST_MS) => void pushNotice({ tone: 'error', message, duration }),
    info: (message: string, duration = TOAST_MS) => void pushNotice({ tone: 'info', message, duration }),
  };
}
