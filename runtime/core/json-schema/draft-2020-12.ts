/** The `$schema` URI of JSON Schema draft 2020-12: the dialect of every schema the model sees. */
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
