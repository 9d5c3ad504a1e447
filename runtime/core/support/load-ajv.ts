/**
 * ajv and ajv-formats loaded on first use, not at import: they are CommonJS and about a sixth of
 * a host's cold start (import, register, first list), which never validates anything. Both are
 * required synchronously (CommonJS allows it), so the validators stay synchronous.
 */
import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import type { fullFormats as FullFormats } from 'ajv-formats/dist/formats.js';

const require = createRequire(import.meta.url);

let ajv2020: typeof Ajv2020 | undefined;
let addFormats: typeof addFormatsModule.default | undefined;
let fullFormats: typeof FullFormats | undefined;

/** The draft 2020-12 ajv class. */
export function loadAjv2020(): typeof Ajv2020 {
  return (ajv2020 ??= (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020);
}

/** ajv-formats' plugin (its CommonJS export is the function, with itself as `default`). */
export function loadAddFormats(): typeof addFormatsModule.default {
  return (addFormats ??= (require('ajv-formats') as { default: typeof addFormatsModule.default })
    .default);
}

/** Every format ajv-formats checks. */
export function loadFullFormats(): typeof FullFormats {
  return (fullFormats ??= (
    require('ajv-formats/dist/formats.js') as { fullFormats: typeof FullFormats }
  ).fullFormats);
}
