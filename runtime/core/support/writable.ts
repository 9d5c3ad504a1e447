/** `T` with its fields writable: for a builder that fills in an object before handing it out. */
export type Writable<T> = { -readonly [Key in keyof T]: T[Key] };
