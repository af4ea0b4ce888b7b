// Which Parquet columns a kept corpus can be written back to exactly. The rows it writes are the rows the reader
// gave (hyparquet's values: numbers, bigints, strings, Dates, objects and arrays), and hyparquet-writer turns them
// back into the column's own type. That is exact for the types allowed below; for the others the value read has
// already lost something (a timestamp finer than a millisecond read as a Date, bytes that are not UTF-8 read as a
// string, a large JSON number or DECIMAL read as a double) or is read in a form the writer does not take back
// (INT96, geometry, variant). Those are refused before the run, never written slightly wrong.
import type { SchemaElement, SchemaTree } from 'hyparquet';

/** Digits a DECIMAL may have to come back exact from a double (10^15 < 2^53, with room for the division's rounding). */
const MAX_DECIMAL_DIGITS = 15;

/** Why a column of this schema tree cannot be written back exactly (its dotted path and type), or undefined. */
export function unwritableColumn(root: SchemaTree): string | undefined {
  for (const child of root.children) {
    const problem = nodeProblem(child);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** `middle`: the node is the repeated level of a LIST or MAP, the one place a repeated field is read as written. */
function nodeProblem(node: SchemaTree, middle = false): string | undefined {
  const { element } = node;
  const name = `column "${node.path.join('.')}"`;
  if (element.repetition_type === 'REPEATED' && !middle) return `${name} is repeated outside a LIST or MAP group (a legacy list)`;
  if (node.children.length === 0) {
    const problem = leafProblem(element);
    return problem === undefined ? undefined : `${name} (${typeName(element)}) ${problem}`;
  }
  const annotation = element.logical_type?.type ?? element.converted_type;
  const listOrMap = annotation === 'LIST' || annotation === 'MAP';
  // MAP_KEY_VALUE marks the repeated level of an older MAP: a plain group there.
  if (annotation !== undefined && !listOrMap && annotation !== 'MAP_KEY_VALUE') return `${name} (a ${annotation} group) is not read back as it was written`;
  const inner = node.children[0];
  if (listOrMap && (node.children.length !== 1 || inner.element.repetition_type !== 'REPEATED' || inner.children.length === 0)) {
    return `${name} is a ${annotation} without the standard repeated group inside (a legacy layout)`;
  }
  for (const child of node.children) {
    const problem = nodeProblem(child, listOrMap);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function leafProblem(element: SchemaElement): string | undefined {
  const logical = element.logical_type;
  const converted = element.converted_type;
  if (element.type === 'INT96') return 'is read as a Date, to the millisecond only';
  if (converted === 'DECIMAL' || logical?.type === 'DECIMAL') {
    return (element.precision ?? MAX_DECIMAL_DIGITS + 1) <= MAX_DECIMAL_DIGITS ? undefined : `is read as a double, exact to ${MAX_DECIMAL_DIGITS} digits only`;
  }
  if (converted === 'TIMESTAMP_MICROS' || (logical?.type === 'TIMESTAMP' && logical.unit !== 'MILLIS')) return 'is read as a Date, to the millisecond only';
  if (converted === 'JSON' || logical?.type === 'JSON') return 'is read as parsed JSON (numbers as doubles, spacing lost)';
  if (element.type === 'BYTE_ARRAY' && converted === undefined && logical === undefined) return 'holds bytes without a string type, which are read as UTF-8 text (bytes that are not UTF-8 are lost)';
  const annotation = logical?.type ?? converted;
  return annotation === undefined || WRITTEN_BACK.has(annotation) ? undefined : 'is not read back as it was written';
}

/** The annotations whose values come back as they were (with DECIMAL and TIMESTAMP checked above). */
const WRITTEN_BACK = new Set<string>([
  'UTF8', 'STRING', 'ENUM', 'DATE', 'TIME', 'TIME_MILLIS', 'TIME_MICROS', 'TIMESTAMP', 'TIMESTAMP_MILLIS', 'INTEGER',
  'INT_8', 'INT_16', 'INT_32', 'INT_64', 'UINT_8', 'UINT_16', 'UINT_32', 'UINT_64', 'UUID', 'FLOAT16',
]);

function typeName(element: SchemaElement): string {
  const logical = element.logical_type;
  const annotation = logical === undefined ? element.converted_type : logical.type === 'TIMESTAMP' || logical.type === 'TIME' ? `${logical.type}(${logical.unit})` : logical.type;
  return annotation === undefined ? String(element.type) : `${String(element.type)} ${annotation}`;
}
