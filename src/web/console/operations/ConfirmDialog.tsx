import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { Button, ProblemBanner } from '../../shared/components';
import type { Problem } from '../../shared/api';
import type { Action } from '../../shared/useAction';
import './operations.css';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  problem: Problem | undefined;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A question asked before a change that cannot be taken back. A modal <dialog> keeps the focus
 * inside it and closes on Escape; a refusal is shown in it, beside the button that was pressed.
 */
export const ConfirmDialog = (props: ConfirmDialogProps) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby={`${id}-title`}
      onClose={props.onClose}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      <div class="confirm-dialog-body">{props.children}</div>
      {props.problem && <ProblemBanner problem={props.problem} />}
      <div class="confirm-dialog-actions">
        <Button onClick={props.onClose}>{props.problem ? 'Close' : 'Cancel'}</Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          busy={props.busy}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
};

/**
 * A button whose action runs only once confirmed. The action's work resolves with a value when it
 * succeeded (useAction's run gives undefined when the API refused it, and the dialog stays open
 * to show why).
 */
export const ConfirmedAction = ({
  label,
  accessibleLabel,
  title,
  confirmLabel,
  danger,
  size,
  disabled,
  action,
  children,
}: {
  label: string;
  /** Names the button apart from its neighbours' (it must contain `label`). */
  accessibleLabel?: string;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  size?: 'normal' | 'small';
  disabled?: boolean;
  action: Action<[], unknown>;
  children: ComponentChildren;
}) => {
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    if ((await action.run()) !== undefined) setOpen(false);
  };
  return (
    <>
      <Button
        size={size}
        variant={danger ? 'danger' : 'secondary'}
        aria-label={accessibleLabel}
        disabled={disabled}
        onClick={() => {
          action.clear();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        danger={danger}
        busy={action.busy}
        problem={action.problem}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
};
