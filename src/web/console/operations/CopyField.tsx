import { useId, useState } from 'preact/hooks';
import { Button } from '../../shared/components';
import './portalLinks.css';

/**
 * A value to hand on, shown read-only with a copy button. Where the browser refuses the clipboard
 * the text is selected instead, for the reader to copy by hand.
 */
export const CopyField = ({ label, value }: { label: string; value: string }) => {
  const id = useId();
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied');
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setSaid('Selected: press Ctrl+C or ⌘C to copy');
    }
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="copy-field">
        <input
          id={id}
          class="input mono"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </div>
      <span class="field-hint" role="status">
        {said}
      </span>
    </div>
  );
};
