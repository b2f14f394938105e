import type { Clock, SessionService } from './auth/sessions';
import type { LoginLimiter } from './auth/login-limiter';
import type { Env } from './env';
import type { Gate } from './lib/gate';
import type { EditableFiles } from './files/editable-files';
import type { Publisher } from './publish/publisher';
import type { Store } from './store';

/** What the routes work with; built once by buildApp and handed to each route plugin. */
export interface Services {
  env: Env;
  clock: Clock;
  store: Store;
  sessions: SessionService;
  limiter: LoginLimiter;
  /** At most two password checks (scrypt) at a time. */
  passwordChecks: Gate;
  files: EditableFiles;
  publisher: Publisher;
  cookieName: string;
}
