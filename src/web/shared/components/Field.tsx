import { useId } from 'preact/hooks';
import type { Described } from './Inputs';
import { FieldFrame, describedBy } from './Inputs';

export type TextFieldProps = Described & {
  type?: 'text' | 'password' | 'email' | 'url' | 'search' | 'number';
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  spellcheck?: boolean;
  maxLength?: number;
  value: string;
  onValue: (value: string) => void;
};

/** A labelled input, with its hint and error tied to it for screen readers. */
export const TextField = (props: TextFieldProps) => {
  const id = useId();
  const { type = 'text', label, value, onValue, hint, error, ...rest } = props;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
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
        aria-describedby={describedBy(id, props)}
      />
    </FieldFrame>
  );
};
