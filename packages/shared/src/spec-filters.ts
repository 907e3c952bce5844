import { PART_KINDS, SPEC_FIELDS, type PartKind, type SpecField } from './part-specs.ts';

/**
 * Filters on any spec of a kind (`spec.<field>`, `.min`, `.max`; a choice takes comma-separated values), derived from
 * SPEC_FIELDS.
 */
export type SpecOp = 'eq' | 'min' | 'max';
export type SpecCondition =
  | { field: SpecField; op: SpecOp; number: number }
  | { field: SpecField; op: 'eq'; yes: boolean }
  | { field: SpecField; op: 'eq'; values: string[] };

export const isNumeric = (field: SpecField) => field.input === 'whole' || field.input === 'decimal';

const SPEC_PREFIX = 'spec.';

export function specParam(name: string, op: SpecOp): string {
  return op === 'eq' ? `${SPEC_PREFIX}${name}` : `${SPEC_PREFIX}${name}.${op}`;
}

/** Every spec parameter some kind takes: the query schemas accept these and no other `spec.` name. */
export const SPEC_PARAMS: readonly string[] = [
  ...new Set(
    PART_KINDS.flatMap((kind) =>
      SPEC_FIELDS[kind].flatMap((field) =>
        isNumeric(field)
          ? (['eq', 'min', 'max'] as const).map((op) => specParam(field.name, op))
          : [specParam(field.name, 'eq')],
      ),
    ),
  ),
];

function parseParam(param: string): { name: string; op: SpecOp } {
  const [, name = '', op] = param.split('.');
  return { name, op: op === 'min' || op === 'max' ? op : 'eq' };
}

type Issue = { param: string; message: string };

/** One parameter's condition, or what is wrong with it. */
function conditionOf(kind: PartKind, param: string, text: string): SpecCondition | Issue {
  const { name, op } = parseParam(param);
  const field = SPEC_FIELDS[kind].find((f) => f.name === name);
  if (!field) return { param, message: `${name} is not a spec of ${kind} parts` };
  if (isNumeric(field)) {
    const number = text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(number)) return { param, message: `${field.label} must be a number` };
    return { field, op, number };
  }
  if (op !== 'eq') return { param, message: `${field.label} is not a number` };
  if (field.input === 'yesno') {
    if (text !== 'true' && text !== 'false') return { param, message: `${field.label} must be true or false` };
    return { field, op, yes: text === 'true' };
  }
  const options = 'options' in field ? field.options : [];
  const values = [...new Set(text.split(','))];
  if (values.some((v) => !options.includes(v)))
    return { param, message: `${field.label} must be one of ${options.join(', ')}` };
  return { field, op, values };
}

/** Spec filters need exactly one kind, and only that kind's fields; else the issues that make a 400. */
export function specConditions(
  kinds: readonly PartKind[] | undefined,
  query: Readonly<Record<string, unknown>>,
): { conditions: SpecCondition[]; issues: Issue[] } {
  const conditions: SpecCondition[] = [];
  const issues: Issue[] = [];
  for (const param of SPEC_PARAMS) {
    const text = query[param];
    if (typeof text !== 'string') continue;
    const kind = kinds?.length === 1 ? kinds[0] : undefined;
    if (!kind) {
      issues.push({ param, message: 'Spec filters need exactly one kind' });
      continue;
    }
    const result = conditionOf(kind, param, text);
    if ('message' in result) issues.push(result);
    else conditions.push(result);
  }
  return { conditions, issues };
}
