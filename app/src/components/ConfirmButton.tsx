import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A button that asks once more inline (no window.confirm) before an irreversible action. The
 * question takes the button's place and focus moves to its confirming button, so keyboard users
 * answer it at once (Escape or Cancel goes back).
 */
export function ConfirmButton({
  children,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  className,
}: {
  children: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <button
        ref={openerRef}
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
    );
  }
  return (
    <fieldset className="confirm" onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
      <legend>{question}</legend>
      <button
        ref={confirmRef}
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
