import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size'> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shown while an action runs: the button is disabled and says so to screen readers. */
  busy?: boolean;
  children: ComponentChildren;
};

export const Button = ({
  variant = 'secondary',
  size = 'normal',
  block = false,
  busy = false,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) => {
  const classes = [
    'button',
    `button-${variant}`,
    size === 'small' && 'button-small',
    block && 'button-block',
  ];
  return (
    <button
      {...rest}
      type={type}
      class={classes.filter(Boolean).join(' ')}
      disabled={Boolean(disabled) || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
};
