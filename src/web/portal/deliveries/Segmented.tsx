/**
 * One choice of a few, shown side by side: a group of toggle buttons, the chosen one pressed, so
 * a screen reader hears which is on and a keyboard reaches each with Tab.
 */
export const Segmented = <Value extends string>({
  label,
  options,
  value,
  onValue,
}: {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onValue: (value: Value) => void;
}) => (
  <div class="delivery-choices" role="group" aria-label={label}>
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        class="delivery-choice"
        aria-pressed={option.value === value}
        onClick={() => onValue(option.value)}
      >
        {option.label}
      </button>
    ))}
  </div>
);
