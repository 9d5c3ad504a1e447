/**
 * How a constraint keyword a provider's schema subset cannot enforce is said in the node's
 * description instead (`Constraints: at least 1 character; format uri.`). One wording for every
 * projection that folds keywords (the strict subsets, Gemini's OpenAPI subset).
 */

/** How a folded keyword is said in the description. */
export const CONSTRAINT_PHRASES: Readonly<Record<string, (value: unknown) => string | undefined>> =
  {
    format: (value) => `format ${String(value)}`,
    pattern: (value) => `matches the regular expression ${String(value)}`,
    minLength: (value) => `at least ${count(value, 'character')}`,
    maxLength: (value) => `at most ${count(value, 'character')}`,
    minimum: (value) => `>= ${String(value)}`,
    exclusiveMinimum: (value) => `> ${String(value)}`,
    maximum: (value) => `<= ${String(value)}`,
    exclusiveMaximum: (value) => `< ${String(value)}`,
    multipleOf: (value) => `a multiple of ${String(value)}`,
    minItems: (value) => `at least ${count(value, 'item')}`,
    maxItems: (value) => `at most ${count(value, 'item')}`,
    uniqueItems: (value) => (value === true ? 'items are unique' : undefined),
    minProperties: (value) => `at least ${count(value, 'property', 'properties')}`,
    maxProperties: (value) => `at most ${count(value, 'property', 'properties')}`,
    contentEncoding: (value) => `encoded as ${String(value)}`,
    contentMediaType: (value) => `media type ${String(value)}`,
    default: (value) => `default ${JSON.stringify(value)}`,
    const: (value) => `exactly ${JSON.stringify(value)}`,
    enum: (value) =>
      Array.isArray(value)
        ? `one of ${value.map((item) => JSON.stringify(item)).join(', ')}`
        : undefined,
  };

function count(value: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(value)} ${value === 1 ? singular : plural}`;
}

/**
 * `description` with the phrases of `folded` appended as one `Constraints: …;` line, in the order
 * of `order` (so the text does not depend on how the input ordered its keys); `undefined` when
 * nothing is said and there was no description.
 */
export function foldConstraints(
  description: unknown,
  folded: readonly (readonly [string, unknown])[],
  order: readonly string[],
): string | undefined {
  const phrases = [...folded]
    .sort(([left], [right]) => order.indexOf(left) - order.indexOf(right))
    .map(([keyword, value]) => CONSTRAINT_PHRASES[keyword]?.(value))
    .filter((phrase) => phrase !== undefined);
  const own = typeof description === 'string' ? description : undefined;
  if (phrases.length === 0) return own;
  const constraints = `Constraints: ${phrases.join('; ')}.`;
  return own === undefined ? constraints : `${own}\n${constraints}`;
}
