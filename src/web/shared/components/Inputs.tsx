import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export type Described = {
  label: string;
  hint?: ComponentChildren;
  /** The API's message for this field (a problem's `errors[]` entry). */
  error?: string | undefined;
};

/** The label, hint and error of a field, tied to its control for screen readers. */
export const FieldFrame = ({
  id,
  label,
  hint,
  error,
  children,
}: Described & { id: string; children: ComponentChildren }) => (
  <div class="field">
    <label for={id}>{label}</label>
    {children}
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

export const describedBy = (id: string, { hint, error }: Described) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** Several lines of text: a filter expression, a JSON body. */
export const TextAreaField = (
  props: Described & {
    value: string;
    onValue: (value: string) => void;
    rows?: number;
    name?: string;
    placeholder?: string;
    monospace?: boolean;
    disabled?: boolean;
    required?: boolean;
  },
) => {
  const id = useId();
  const { value, onValue, rows = 4, monospace, error, ...rest } = props;
  return (
    <FieldFrame id={id} {...props}>
      <textarea
        id={id}
        name={rest.name}
        rows={rows}
        placeholder={rest.placeholder}
        disabled={rest.disabled}
        required={rest.required}
        spellcheck={false}
        class={monospace ? 'input textarea mono' : 'input textarea'}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, props)}
      />
    </FieldFrame>
  );
};

export type Option = { value: string; label: string };

/** One choice of a few. */
export const SelectField = (
  props: Described & {
    value: string;
    onValue: (value: string) => void;
    options: Option[];
    name?: string;
    disabled?: boolean;
  },
) => {
  const id = useId();
  const { value, onValue, options, error, name, disabled } = props;
  return (
    <FieldFrame id={id} {...props}>
      <select
        id={id}
        name={name}
        disabled={disabled}
        class="input"
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, props)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
};

/** A yes-or-no setting, its label beside the box. */
export const CheckboxField = ({
  label,
  checked,
  onChecked,
  hint,
  disabled,
}: {
  label: ComponentChildren;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: ComponentChildren;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <div class="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChecked(e.currentTarget.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label for={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} class="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
};
