/**
 * V8's explicit compile hint (v8.dev/blog/explicit-compile-hints): on a script's first line, it
 * asks V8 to compile every function of the file at once, while the file streams in and off the
 * main thread, instead of each function the first time the page calls it. Written at the top of
 * the client entry's chunk, where react-dom is (vite.config.ts, decision 040).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
