import { useId } from 'preact/hooks';

/** An instant picked in the reader's own time zone; its value is the input's local text. */
export const DateTimeField = ({
  label,
  value,
  onValue,
  hint,
  required,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  required?: boolean;
}) => {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        class="input"
        value={value}
        required={required}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <span id={`${id}-hint`} class="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it: the reader's local date and time to the minute. */
export const localInputOf = (at: Date): string =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** A datetime-local input's text as the API's RFC 3339 instant. */
export const instantOf = (local: string): string => new Date(local).toISOString();
