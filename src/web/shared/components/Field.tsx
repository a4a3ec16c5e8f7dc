import { useId } from 'preact/hooks';

export type TextFieldProps = {
  type?: 'text' | 'password' | 'email' | 'url' | 'search' | 'number';
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  spellcheck?: boolean;
  maxLength?: number;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  /** The API's message for this field (a problem's `errors[]` entry). */
  error?: string | undefined;
};

/** A labelled input, with its hint and error tied to it for screen readers. */
export const TextField = ({
  type = 'text',
  label,
  value,
  onValue,
  hint,
  error,
  ...rest
}: TextFieldProps) => {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        {...rest}
        // Preact types each input type apart, and every one of these takes text; the rule sees
        // only the attribute, not the union the whole element must match.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        type={type as 'text'}
        id={id}
        class="input"
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <span id={`${id}-hint`} class="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} class="field-error">
          {error}
        </span>
      )}
    </div>
  );
};
