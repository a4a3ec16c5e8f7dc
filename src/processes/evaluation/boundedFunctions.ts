import type jsonata from 'jsonata';
import { EvaluationLimit } from './evaluationLimit.js';

/**
 * JSONata's `$pad`, refusing a width past the bound before it allocates anything. Its own builds
 * the padding in one piece as long as the width asks, whatever the input: `$pad("x", 300000000)`
 * aborts V8 itself. Same results otherwise: widths count code points, a negative one pads on the
 * left, and a fill of several characters is cut to the width.
 */
export const boundedPad =
  (maxLength: number) =>
  (str: string | undefined, width: number, char?: string): string | undefined => {
    if (str === undefined) return undefined;
    const target = Math.abs(Math.trunc(width));
    const padLength = target - [...str].length;
    if (!(padLength > 0)) return str;
    if (target > maxLength)
      throw new EvaluationLimit(
        'expression_output_too_large',
        `$pad would make a string of ${target} characters; at most ${maxLength}`,
      );
    const fill = [...(char === undefined || char === '' ? ' ' : char)];
    const padding = Array.from({ length: padLength }, (_, i) => fill[i % fill.length]).join('');
    return width > 0 ? str + padding : padding + str;
  };

/**
 * Shadows, for one compiled expression, the built-ins that allocate in proportion to an argument
 * rather than to their input. The others make values in proportion to what they are given, which
 * the evaluation's guard bounds node by node; the evaluator's memory limit takes the rest.
 */
export const bindBoundedFunctions = (expression: jsonata.Expression, maxLength: number): void => {
  expression.registerFunction('pad', boundedPad(maxLength), '<s-ns?:s>');
};
