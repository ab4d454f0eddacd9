import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Escape, the backdrop and Close all call this. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside, Escape closes, and
 * focus returns to the control that opened it.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // A click on the backdrop closes; the keyboard closes with Escape (onCancel below).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog never closes behind the store's back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal__body">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
