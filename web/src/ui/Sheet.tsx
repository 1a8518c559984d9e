import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A bottom sheet (and, centred, a dialog) of our own: light enough for the screens that use it,
 * with a backdrop, Escape to close, focus moved in and given back.
 */
export function Sheet({
  open,
  onClose,
  label,
  height = '45%',
  variant = 'sheet',
  className,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  height?: string;
  variant?: 'sheet' | 'dialog';
  /** Added to the panel's class, for a sheet with a look of its own. */ className?: string;
  testId: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  // On the body, so no header or scrolling content around the opener can clip or cover it.
  return createPortal(
    <div className={`gavel-overlay gavel-overlay-${variant}`} data-testid={testId}>
      <div className="gavel-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className={`gavel-${variant}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        style={variant === 'sheet' ? { minHeight: height } : undefined}
      >
        {variant === 'sheet' ? <div className="gavel-sheet-handle" aria-hidden="true" /> : null}
        <div className="gavel-sheet-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
