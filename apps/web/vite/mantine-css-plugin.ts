import type { Plugin } from 'vite';

const MANTINE_CORE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*\.mjs(?:$|\?)/;
const ROOT_MODULE = /[\\/]src[\\/]root\.tsx(?:$|\?)/;
// `import X from "./Button.module.mjs"`: a component's class map.
const CLASS_MAP_IMPORT = /from\s*["'](?:[^"']*\/)?([A-Za-z]+)\.module\.mjs["']/g;

/**
 * Each Mantine component brings its own stylesheet. Every module of @mantine/core that uses a
 * component's class map also imports the matching file of '@mantine/core/styles/' (Mantine's
 * per-component CSS files, in Mantine's cascade layer: `.layer.css`), so the site's stylesheet
 * holds the styles of the components it uses instead of the whole 290 KB styles.css.
 *
 * The import goes after the module's own imports: a component's rules then follow those of the
 * components it is built on (ModalBase before Modal, UnstyledButton before Button), which is the
 * order Mantine's CSS files list asks for.
 */
export function mantineCssPlugin(): Plugin {
  let serving = false;
  return {
    name: 'cedar:mantine-css',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform: {
      // Rolldown calls the hook only for these modules, not for each of the site's ~1,200.
      filter: { id: [MANTINE_CORE, ROOT_MODULE] },
      handler(code, id) {
        const file = id.split('?')[0] ?? id;
        // The dev server pre-bundles @mantine/core, out of this plugin's reach: it gets the whole sheet.
        if (serving && file.endsWith('/src/root.tsx'))
          return { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null };
        if (!MANTINE_CORE.test(file)) return null;
        const names = new Set([...code.matchAll(CLASS_MAP_IMPORT)].map((m) => m[1]));
        if (names.size === 0) return null;
        const imports = [...names]
          .map((name) => `import '@mantine/core/styles/${name}.layer.css';`)
          .join('\n');
        return { code: `${code}\n${imports}\n`, map: null };
      },
    },
  };
}
