/** The entry points of the bundle in dist/, project-relative `.ts` sources (see dist-entry-points.js). */
export declare function distEntryPoints(root: string): string[];
