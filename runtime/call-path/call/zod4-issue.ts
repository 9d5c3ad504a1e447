/**
 * Validation issues in Zod 4's shape and wording, which is what the model is shown when a call's
 * input is refused and no plain sentence fits (SPEC §5.6).
 *
 * Our schemas are Zod 3, and ajv speaks its own dialect; both are translated into these shapes.
 * The serialised JSON goes to the model, so the key order of every issue is part of the
 * provider-visible text and must not drift. Each constructor below builds its object literal in
 * one fixed order, copied from what Zod 4 itself prints:
 *
 * | code              | key order                                                              |
 * | ----------------- | ---------------------------------------------------------------------- |
 * | invalid_type      | expected, code, received?, path, message                               |
 * | invalid_value     | code, values, path, message                                            |
 * | unrecognized_keys | code, keys, path, message                                              |
 * | too_small         | origin, code, minimum, inclusive, exact?, path, message                |
 * | too_big           | origin, code, maximum, inclusive, exact?, path, message                |
 * | invalid_format    | origin, code, format, pattern? / prefix? / suffix? / includes?, path, message |
 * | not_multiple_of   | origin, code, divisor, path, message                                   |
 * | invalid_union     | code, errors, note?, path, message                                     |
 * | custom            | code, params?, path, message                                           |
 *
 * Paths are arrays of keys and indices; inside `invalid_union.errors` they are relative to the
 * union, as in Zod 4.
 */

/** A key or array index. */
export type IssuePath = readonly (string | number)[];

/** A value an enum or literal allows. */
export type IssuePrimitive = string | number | boolean | null;

/** What a size bound applies to. `object` is for ajv's `minProperties` / `maxProperties`. */
export type SizeOrigin = 'string' | 'number' | 'array' | 'set' | 'date' | 'bigint' | 'object';

/** A bound as JSON can carry it: dates as ISO text, big integers beyond 2^53 as decimal text. */
export type IssueBound = number | string;

export interface InvalidTypeIssue {
  readonly expected: string;
  readonly code: 'invalid_type';
  /** Only where Zod 4 adds it: `Infinity` for a non-finite number, `Invalid Date`. */
  readonly received?: string;
  readonly path: IssuePath;
  readonly message: string;
}

export interface InvalidValueIssue {
  readonly code: 'invalid_value';
  readonly values: readonly IssuePrimitive[];
  readonly path: IssuePath;
  readonly message: string;
}

export interface UnrecognizedKeysIssue {
  readonly code: 'unrecognized_keys';
  readonly keys: readonly string[];
  readonly path: IssuePath;
  readonly message: string;
}

export interface TooSmallIssue {
  readonly origin: SizeOrigin;
  readonly code: 'too_small';
  readonly minimum: IssueBound;
  readonly inclusive: boolean;
  readonly exact?: true;
  readonly path: IssuePath;
  readonly message: string;
}

export interface TooBigIssue {
  readonly origin: SizeOrigin;
  readonly code: 'too_big';
  readonly maximum: IssueBound;
  readonly inclusive: boolean;
  readonly exact?: true;
  readonly path: IssuePath;
  readonly message: string;
}

export interface InvalidFormatIssue {
  readonly origin: 'string';
  readonly code: 'invalid_format';
  /** Zod 4 format name: `email`, `url`, `uuid`, `datetime`, `regex`, `starts_with`, … */
  readonly format: string;
  /** For `regex`: the pattern as a regular expression literal, `/^a+$/`. */
  readonly pattern?: string;
  readonly prefix?: string;
  readonly suffix?: string;
  readonly includes?: string;
  readonly path: IssuePath;
  readonly message: string;
}

export interface NotMultipleOfIssue {
  readonly origin: 'number' | 'bigint';
  readonly code: 'not_multiple_of';
  readonly divisor: IssueBound;
  readonly path: IssuePath;
  readonly message: string;
}

export interface InvalidUnionIssue {
  readonly code: 'invalid_union';
  /** One list of issues per branch, in branch order; empty when no branch was tried. */
  readonly errors: readonly (readonly Zod4Issue[])[];
  /** Why no branch was tried (`No matching discriminator`) or why the union failed anyway. */
  readonly note?: string;
  readonly path: IssuePath;
  readonly message: string;
}

export interface CustomIssue {
  readonly code: 'custom';
  readonly params?: Readonly<Record<string, unknown>>;
  readonly path: IssuePath;
  readonly message: string;
}

/** One problem with a tool call's input, as Zod 4 would report it. */
export type Zod4Issue =
  | InvalidTypeIssue
  | InvalidValueIssue
  | UnrecognizedKeysIssue
  | TooSmallIssue
  | TooBigIssue
  | InvalidFormatIssue
  | NotMultipleOfIssue
  | InvalidUnionIssue
  | CustomIssue;

/** The key order of each code (the table above), for tests and for checking serialised issues. */
export const ZOD4_ISSUE_KEY_ORDER: Readonly<Record<Zod4Issue['code'], readonly string[]>> = {
  invalid_type: ['expected', 'code', 'received', 'path', 'message'],
  invalid_value: ['code', 'values', 'path', 'message'],
  unrecognized_keys: ['code', 'keys', 'path', 'message'],
  too_small: ['origin', 'code', 'minimum', 'inclusive', 'exact', 'path', 'message'],
  too_big: ['origin', 'code', 'maximum', 'inclusive', 'exact', 'path', 'message'],
  invalid_format: [
    'origin',
    'code',
    'format',
    'pattern',
    'prefix',
    'suffix',
    'includes',
    'path',
    'message',
  ],
  not_multiple_of: ['origin', 'code', 'divisor', 'path', 'message'],
  invalid_union: ['code', 'errors', 'note', 'path', 'message'],
  custom: ['code', 'params', 'path', 'message'],
};

/** Zod 4's `stringifyPrimitive`: strings in double quotes, the rest as written. */
function quotePrimitive(value: IssuePrimitive): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * Zod 4's name for the type of a value in `received …` messages: `NaN`, `array`, `null`,
 * `undefined`, a class name for class instances, else `typeof`.
 */
export function receivedTypeName(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'number';
  if (typeof value !== 'object') return typeof value;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  if (prototype !== null && prototype !== Object.prototype && prototype.constructor?.name) {
    return prototype.constructor.name;
  }
  return 'object';
}

export function invalidTypeIssue(
  path: IssuePath,
  expected: string,
  receivedName: string,
  received?: string,
): InvalidTypeIssue {
  return {
    expected,
    code: 'invalid_type',
    ...(received === undefined ? {} : { received }),
    path: [...path],
    message: `Invalid input: expected ${expected}, received ${receivedName}`,
  };
}

export function invalidValueIssue(
  path: IssuePath,
  values: readonly IssuePrimitive[],
): InvalidValueIssue {
  const message =
    values.length === 1
      ? `Invalid input: expected ${quotePrimitive(values[0]!)}`
      : `Invalid option: expected one of ${values.map(quotePrimitive).join('|')}`;
  return { code: 'invalid_value', values: [...values], path: [...path], message };
}

export function unrecognizedKeysIssue(
  path: IssuePath,
  keys: readonly string[],
): UnrecognizedKeysIssue {
  const message = `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.map((key) => `"${key}"`).join(', ')}`;
  return { code: 'unrecognized_keys', keys: [...keys], path: [...path], message };
}

const SIZE_UNITS: Partial<Record<SizeOrigin, string>> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  object: 'properties',
};

function boundMessage(
  kind: 'Too small' | 'Too big',
  origin: SizeOrigin,
  comparison: string,
  bound: IssueBound,
): string {
  const unit = SIZE_UNITS[origin];
  return unit === undefined
    ? `${kind}: expected ${origin} to be ${comparison}${bound}`
    : `${kind}: expected ${origin} to have ${comparison}${bound} ${unit}`;
}

export function tooSmallIssue(
  path: IssuePath,
  origin: SizeOrigin,
  minimum: IssueBound,
  inclusive: boolean,
  exact = false,
): TooSmallIssue {
  return {
    origin,
    code: 'too_small',
    minimum,
    inclusive,
    ...(exact ? { exact: true as const } : {}),
    path: [...path],
    message: boundMessage('Too small', origin, inclusive ? '>=' : '>', minimum),
  };
}

export function tooBigIssue(
  path: IssuePath,
  origin: SizeOrigin,
  maximum: IssueBound,
  inclusive: boolean,
  exact = false,
): TooBigIssue {
  return {
    origin,
    code: 'too_big',
    maximum,
    inclusive,
    ...(exact ? { exact: true as const } : {}),
    path: [...path],
    message: boundMessage('Too big', origin, inclusive ? '<=' : '<', maximum),
  };
}

/** Zod 4's nouns for string formats (`Invalid email address`). */
const FORMAT_NOUNS: Readonly<Record<string, string>> = {
  regex: 'input',
  email: 'email address',
  url: 'URL',
  emoji: 'emoji',
  uuid: 'UUID',
  nanoid: 'nanoid',
  guid: 'GUID',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ulid: 'ULID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  time: 'ISO time',
  duration: 'ISO duration',
  ip: 'IP address',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  cidr: 'IP range',
  cidrv4: 'IPv4 range',
  cidrv6: 'IPv6 range',
  base64: 'base64-encoded string',
  base64url: 'base64url-encoded string',
  jwt: 'JWT',
  hostname: 'hostname',
};

export type FormatDetail =
  | { readonly format: 'regex'; readonly pattern: string }
  | { readonly format: 'starts_with'; readonly prefix: string }
  | { readonly format: 'ends_with'; readonly suffix: string }
  | { readonly format: 'includes'; readonly includes: string }
  | { readonly format: string };

export function invalidFormatIssue(path: IssuePath, detail: FormatDetail): InvalidFormatIssue {
  const base = {
    origin: 'string' as const,
    code: 'invalid_format' as const,
    format: detail.format,
  };
  if ('pattern' in detail) {
    return {
      ...base,
      pattern: detail.pattern,
      path: [...path],
      message: `Invalid string: must match pattern ${detail.pattern}`,
    };
  }
  if ('prefix' in detail) {
    return {
      ...base,
      prefix: detail.prefix,
      path: [...path],
      message: `Invalid string: must start with "${detail.prefix}"`,
    };
  }
  if ('suffix' in detail) {
    return {
      ...base,
      suffix: detail.suffix,
      path: [...path],
      message: `Invalid string: must end with "${detail.suffix}"`,
    };
  }
  if ('includes' in detail) {
    return {
      ...base,
      includes: detail.includes,
      path: [...path],
      message: `Invalid string: must include "${detail.includes}"`,
    };
  }
  return {
    ...base,
    path: [...path],
    message: `Invalid ${FORMAT_NOUNS[detail.format] ?? detail.format}`,
  };
}

export function notMultipleOfIssue(
  path: IssuePath,
  divisor: IssueBound,
  origin: 'number' | 'bigint' = 'number',
): NotMultipleOfIssue {
  return {
    origin,
    code: 'not_multiple_of',
    divisor,
    path: [...path],
    message: `Invalid number: must be a multiple of ${divisor}`,
  };
}

export function invalidUnionIssue(
  path: IssuePath,
  errors: readonly (readonly Zod4Issue[])[],
  note?: string,
): InvalidUnionIssue {
  return {
    code: 'invalid_union',
    errors: errors.map((branch) => [...branch]),
    ...(note === undefined ? {} : { note }),
    path: [...path],
    message: 'Invalid input',
  };
}

export function customIssue(
  path: IssuePath,
  message: string,
  params?: Readonly<Record<string, unknown>>,
): CustomIssue {
  return {
    code: 'custom',
    ...(params === undefined ? {} : { params }),
    path: [...path],
    message,
  };
}
