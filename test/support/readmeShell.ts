import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellBlock } from './readmeSnippets.js';

/**
 * The shell a README's snippets run in, one bash for all of them as in a reader's terminal, in the
 * folder a fresh clone would be. Two functions stand between the snippets and the machine, and
 * nothing else of their text changes:
 * - `curl` sends what `localhost:8080` names to the test's service instead, prints what curl
 *   prints, and logs each call (status, where in the README, its answer's file, its arguments);
 * - `npm run dev` and `npm start` build and then start the service: the test command built it
 *   already and the test started it, so they only say so. What would set up, build or test the
 *   checkout itself (`npm ci`, `npm test`, `npm run build`, `npx tsc`…) fails, asking for its
 *   block to be marked; any other npm or npx command runs.
 */
const PRELUDE = `
set -Eeuo pipefail

# Where the README's text failed: the innermost frame that is a line of one of its blocks.
readme_failed() {
  local status=$? frame block
  for ((frame = 1; frame < \${#BASH_SOURCE[@]}; frame++)); do
    block=\${BASH_SOURCE[frame]##*README.md-}
    if [[ $block != "\${BASH_SOURCE[frame]}" ]]; then
      local line=$((\${block%.sh} + \${BASH_LINENO[frame - 1]} - 1))
      printf 'README test: README.md:%s exited with %s: %s\\n' "$line" "$status" "$BASH_COMMAND" >&2
      return
    fi
  done
}
trap readme_failed ERR

curl() {
  local args=() arg output_given=0 answer status rc=0
  for arg in "$@"; do
    case "$arg" in
      localhost:8080* | http://localhost:8080* | 127.0.0.1:8080* | http://127.0.0.1:8080*)
        arg="\${arg/localhost:8080/127.0.0.1:$README_TEST_PORT}"
        arg="\${arg/127.0.0.1:8080/127.0.0.1:$README_TEST_PORT}"
        ;;
      -o | --output | -[a-zA-Z]*o) output_given=1 ;;
    esac
    args+=("$arg")
  done
  answer=$(mktemp "$README_TEST_DIR/answer.XXXXXX")
  if ((output_given)); then
    status=$(command curl -w '%{http_code}' "\${args[@]}") || rc=$?
  else
    status=$(command curl -w '%{http_code}' -o "$answer" "\${args[@]}") || rc=$?
    cat "$answer"
  fi
  arg="\${args[*]}"
  arg="\${arg//[$'\\t\\n']/ }"
  printf '%s\\t%s\\t%s\\t%s\\t%s\\n' "$status" "\${BASH_SOURCE[1]}" "\${BASH_LINENO[0]}" "$answer" "$arg" \
    >>"$README_TEST_DIR/curl.log"
  return $rc
}

npm() {
  case "$*" in
    'run dev' | start)
      printf 'README test: "npm %s" is stood in for by the service the test built and started (%s)\\n' "$*" "$SLUICE_URL" >&2
      return 0
      ;;
    ci* | install* | 'i '* | i | test* | 'run build'* | 'run bench'* | 'run test'*)
      printf 'README test: "npm %s" cannot run here (it would set up, build or test the checkout): mark its block "not run"\\n' "$*" >&2
      return 1
      ;;
  esac
  command npm "$@"
}

npx() {
  case "$*" in
    tsc* | mocha*)
      printf 'README test: "npx %s" cannot run here (it would build or test the checkout): mark its block "not run"\\n' "$*" >&2
      return 1
      ;;
  esac
  command npx "$@"
}
`;

/** Writes each block to a file of its own and the script that runs them all, in order. */
export const writeReadmeScript = (dir: string, blocks: ShellBlock[]): string => {
  const sources = blocks.map((block) => {
    const file = join(dir, `README.md-${block.line}.sh`);
    writeFileSync(file, `${block.text}\n`);
    return `printf '\\n== README.md:%s\\n' ${block.line}\nsource '${file}'\n`;
  });
  const script = join(dir, 'readme.sh');
  writeFileSync(script, `${PRELUDE}\n${sources.join('')}`);
  return script;
};

/** One call the snippets made with curl, as the shell logged it. */
export type CurlCall = {
  /** The HTTP status, or 0 when nothing answered. */
  status: number;
  /** The README line of the block the call was made from, and its line in that block. */
  blockLine: number;
  lineInBlock: number;
  /** The file holding the answer's body (empty when the snippet wrote it elsewhere). */
  answerFile: string;
  commandLine: string;
};

export const curlCallsOf = (log: string): CurlCall[] =>
  log
    .split('\n')
    .filter(Boolean)
    .map((entry) => {
      const [status, source, lineInBlock, answerFile, commandLine] = entry.split('\t');
      return {
        status: Number(status),
        blockLine: Number(/README\.md-(\d+)\.sh$/.exec(source!)?.[1] ?? NaN),
        lineInBlock: Number(lineInBlock),
        answerFile: answerFile!,
        commandLine: commandLine!,
      };
    });
