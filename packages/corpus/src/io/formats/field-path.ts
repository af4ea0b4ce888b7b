// Where a field is in a JSONL record (`--text-field meta.body`): each "." goes one level deeper, into an object's
// property or an array's element (`pages.0`). Records of any shape can then be read without reshaping them first.

export type FieldPath = readonly string[];

/** Why `path` is no usable field path, or undefined when it is one. */
export function fieldPathProblem(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (path.split('.').some((part) => part === '')) return `"${path}" has an empty part (a leading, trailing or doubled ".")`;
  return undefined;
}

export function parseFieldPath(path: string): FieldPath {
  const problem = fieldPathProblem(path);
  if (problem !== undefined) throw new RangeError(`the field path ${problem}`);
  return path.split('.');
}

/** The value at `path`, or undefined when some step is missing. Own properties only: "constructor" is no field. */
export function getField(value: unknown, path: FieldPath): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
