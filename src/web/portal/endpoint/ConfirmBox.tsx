import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { Button } from '../../shared/components';

/**
 * Asks before something that cannot be taken back, in place of the button that asked: focus moves
 * to the question, so a keyboard or screen reader user hears it first.
 */
export const ConfirmBox = ({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ComponentChildren;
}) => {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div class="confirm" role="group" aria-labelledby={id} tabIndex={-1} ref={box}>
      <p id={id} class="confirm-question">
        {question}
      </p>
      {children && <div class="confirm-detail">{children}</div>}
      <div class="confirm-actions">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </div>
  );
};
