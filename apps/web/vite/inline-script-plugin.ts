import fs from 'node:fs';
import { build, type Plugin, type Rolldown } from 'vite';

const QUERY = '?inline-script';

interface Compiled {
  code: string;
  /** Each file the script was bundled from, with its text then: a change compiles it again. */
  sources: Map<string, string>;
}

/** One compile per script and process while its files are unchanged (React Router builds twice). */
const compiled = new Map<string, Compiled>();

const unchanged = ({ sources }: Compiled) =>
  [...sources].every(
    ([file, text]) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text,
  );

async function compile(entry: string): Promise<Compiled> {
  const result = await build({
    configFile: false,
    envDir: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'inlineScript' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = (output as Rolldown.RolldownOutput | undefined)?.output[0];
  if (!chunk) throw new Error(`${entry}: Vite wrote no script`);
  return {
    code: chunk.code.trim(),
    sources: new Map(
      chunk.moduleIds
        .filter((file) => fs.existsSync(file))
        .map((file) => [file, fs.readFileSync(file, 'utf8')]),
    ),
  };
}

/**
 * `import code from './x.ts?inline-script'`: the module x.ts and what it imports, bundled and
 * minified by Vite into one classic script (an IIFE), as a string for an inline <script> (the
 * page's start script, src/start-app.ts). Vite documents `?inline` for CSS and `?raw` for a file's
 * source text, nothing for a compiled script.
 */
export function inlineScriptPlugin(): Plugin {
  return {
    name: 'cedar:inline-script',
    load: {
      // Rolldown calls the hook only for these ids, not for each of the build's modules.
      filter: { id: /\?inline-script$/ },
      async handler(id) {
        const entry = id.slice(0, -QUERY.length);
        let script = compiled.get(entry);
        if (!script || !unchanged(script)) {
          script = await compile(entry);
          compiled.set(entry, script);
        }
        for (const file of script.sources.keys()) this.addWatchFile(file);
        return { code: `export default ${JSON.stringify(script.code)};`, map: null };
      },
    },
  };
}
