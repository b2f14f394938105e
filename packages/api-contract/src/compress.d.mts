/** The files worth compressing, by name. */
export declare const TEXT_FILE: RegExp;
/** The copies a file may have beside it, by extension. */
export declare const COPY_EXTENSIONS: readonly ['.br', '.gz'];
/** Writes the .br and .gz copies of one file that shrink, after removing any it had. */
export function compressFile(file: string): Promise<number>;
/** Compresses every text file of a folder; returns how many copies it wrote. */
export function compressTree(dir: string): Promise<number>;
