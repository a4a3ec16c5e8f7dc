/** A payload or an answer as it was: JSON indented, any other text as sent. */
export const CodeBlock = ({ label, value }: { label: string; value: unknown }) => {
  const text = typeof value === 'string' ? prettyIfJson(value) : JSON.stringify(value, null, 2);
  return (
    <figure class="code-block">
      <figcaption>{label}</figcaption>
      {/* Scrolls on its own: focusable, so a keyboard can reach what overflows. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </figure>
  );
};

const prettyIfJson = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};
