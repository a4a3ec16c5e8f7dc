/**
 * The shell snippets of a Markdown file (its ```sh and ```bash blocks), as a reader pastes them,
 * and which of them a test cannot run: an HTML comment on the line before such a block says why,
 * `<!-- README test: not run, it starts the distributed deployment -->`, and stays invisible where
 * the file is rendered.
 */
export type ShellBlock = {
  /** The line of the file where the block's first line is (1-based). */
  line: number;
  text: string;
  /** Why it is not run, from the marker before it. */
  notRun?: string;
};

/** A command of a block, over its continuation lines, and the status its trailing comment expects. */
export type ShellCommand = { firstLine: number; lastLine: number; expectedStatus?: number };

const OPENING = /^```(\w*)\s*$/;
const CLOSING = /^```\s*$/;
const MARKER = /^<!--\s*README test:(.*)-->$/;
const NOT_RUN = /^\s*not run,\s*(\S.*?)\s*$/;
const SHELLS = new Set(['sh', 'bash']);

export const shellBlocksOf = (markdown: string): ShellBlock[] => {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  let marker: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const markerMatch = MARKER.exec(line.trim());
    if (markerMatch) {
      const reason = NOT_RUN.exec(markerMatch[1]!)?.[1];
      if (reason === undefined)
        throw new Error(`line ${index + 1}: a README test marker reads "not run, <why>": ${line}`);
      marker = reason;
      continue;
    }
    const opening = OPENING.exec(line);
    if (!opening) {
      if (line.trim() !== '') marker = undefined;
      continue;
    }
    let end = index + 1;
    while (end < lines.length && !CLOSING.test(lines[end]!)) end++;
    if (SHELLS.has(opening[1]!)) {
      blocks.push({
        line: index + 2,
        text: lines.slice(index + 1, end).join('\n'),
        ...(marker !== undefined && { notRun: marker }),
      });
    } else if (marker !== undefined) {
      throw new Error(
        `line ${index + 1}: a README test marker stands before a block not run anyway`,
      );
    }
    marker = undefined;
    index = end;
  }
  return blocks;
};

const EXPECTED_STATUS = /^#\s*([1-5]\d\d)\b/;

/**
 * The commands of a block as the shell reads them: a line ending in a backslash, inside quotes or
 * inside `$(…)` goes on to the next. A trailing comment that starts with a status (`# 403
 * forbidden`) is the answer the command expects; without one, it expects a 2xx.
 */
export const commandsOf = (block: string): ShellCommand[] => {
  const commands: ShellCommand[] = [];
  // Where the reader is: inside `$(…)` or `(…)`, inside double quotes (which may hold a `$(…)`).
  const open: Array<'(' | '"'> = [];
  let singleQuoted = false;
  let line = 1;
  let firstLine: number | undefined;
  let comment: string | undefined;
  for (let at = 0; at <= block.length; at++) {
    const char = block[at] ?? '\n';
    if (char === '\n') {
      if (!singleQuoted && open.length === 0 && firstLine !== undefined) {
        const status = comment === undefined ? undefined : EXPECTED_STATUS.exec(comment)?.[1];
        commands.push({
          firstLine,
          lastLine: line,
          ...(status !== undefined && { expectedStatus: Number(status) }),
        });
        firstLine = undefined;
      }
      comment = undefined;
      line++;
      continue;
    }
    if (comment !== undefined) {
      comment += char;
      continue;
    }
    if (singleQuoted) {
      if (char === "'") singleQuoted = false;
      continue;
    }
    if (char === '\\') {
      // An escaped newline continues the command; any other escaped character is a character.
      if (block[at + 1] === '\n') line++;
      at++;
      continue;
    }
    if (open.at(-1) === '"') {
      if (char === '"') open.pop();
      else if (char === '$' && block[at + 1] === '(') {
        open.push('(');
        at++;
      }
      continue;
    }
    if (char === '#' && (at === 0 || /\s/.test(block[at - 1]!))) {
      comment = '#';
      continue;
    }
    if (/\s/.test(char)) continue;
    firstLine ??= line;
    if (char === "'") singleQuoted = true;
    else if (char === '"' || char === '(') open.push(char);
    else if (char === ')' && open.at(-1) === '(') open.pop();
  }
  return commands;
};
