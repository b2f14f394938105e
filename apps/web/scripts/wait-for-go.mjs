// A publish's build process started ahead of the save (build.mjs --wait, and the React Router
// build it starts): the first line on stdin decides. `go` builds; anything else, or the end of
// stdin (the server stopped), ends the process unbuilt (decision 024).
import { createInterface } from 'node:readline';

/** True when the first line on stdin is `go`. Stops reading stdin either way. */
export async function waitForGo() {
  const lines = createInterface({ input: process.stdin });
  const first = await new Promise((resolve) => {
    lines.once('line', resolve);
    lines.once('close', () => resolve(null));
  });
  lines.close();
  process.stdin.destroy();
  return first === 'go';
}
