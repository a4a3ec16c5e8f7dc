/** JSON a reader typed in a form: the value, or why it cannot be sent, to show on the field. */
export type Typed<T> = { data: T } | { fault: string };

const notJson = (error: unknown) =>
  `This is not valid JSON${error instanceof Error ? `: ${error.message}` : '.'}`;

/** Any JSON value; an empty field is null. */
export const parseJson = (text: string): Typed<unknown> => {
  try {
    return { data: text.trim() === '' ? null : (JSON.parse(text) as unknown) };
  } catch (error) {
    return { fault: notJson(error) };
  }
};

/** A JSON object, as an event's data must be. */
export const parseJsonObject = (text: string): Typed<Record<string, unknown>> => {
  const parsed = parseJson(text);
  if ('fault' in parsed) return parsed;
  const { data } = parsed;
  if (typeof data === 'object' && data !== null && !Array.isArray(data))
    return { data: data as Record<string, unknown> };
  return { fault: 'Enter a JSON object, between { and }.' };
};
