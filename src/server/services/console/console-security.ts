import { toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import type { Services } from '../index.js';
import { asInvalidData, ConsoleApps, type OwnSecret } from './console-apps.js';
import { ConsoleKeys } from './console-keys.js';
import type { ConsoleOperators, Operator } from './operators.js';
import { operatorEmail } from './operators.js';

/** The app's server-to-server API secret as `gatehouse apps secret` and the console make it anew. */
export const apiSecretOf = ({ apiSecrets }: Services, id: string): OwnSecret => ({
  field: 'api_secret',
  has: (trx) => apiSecrets.has(id, trx),
  make: (trx) => apiSecrets.rotate(id, trx),
});

/** Said when an operator tries to remove themselves in the console. */
const REMOVE_SELF_REFUSED =
  'You cannot remove yourself: another operator can, or gatehouse console users remove on the server.';

/**
 * The console's security part, through the CLI's own code: `keys list|rotate|retire`, `apps
 * secret` and `console users add|list|remove`. Each change writes one audit row, never a secret.
 */
export class ConsoleSecurity {
  readonly keys: ConsoleKeys;
  private readonly apps: ConsoleApps;

  constructor(
    private readonly services: Services,
    private readonly operators: ConsoleOperators,
  ) {
    this.keys = new ConsoleKeys(services.db, services.secrets, services.now);
    this.apps = new ConsoleApps(services);
  }

  rotateKey(actor: string) {
    return asInvalidData(() => this.keys.rotate(actor));
  }

  retireKey(actor: string, kid: string, force: boolean) {
    return asInvalidData(() => this.keys.retire(actor, kid, force));
  }

  /** The apps that have an API secret, and when it was made (seconds). */
  async apiSecrets() {
    const rows = await this.services.db
      .selectFrom('app_api_secrets')
      .select(['app_id', 'created_at'])
      .orderBy('app_id')
      .execute();
    return rows.map((row) => ({
      app_id: row.app_id,
      created_at: Math.floor(toNumber(row.created_at) / 1000),
    }));
  }

  /** A new API secret of the app, as `apps secret` makes it: the value, and its row's time. */
  async newApiSecret(actor: string, id: string) {
    const secret = await this.apps.replaceSecret(actor, id, apiSecretOf(this.services, id));
    const made = (await this.apiSecrets()).find((row) => row.app_id === id);
    return { secret, created_at: made?.created_at ?? Math.floor(this.services.now() / 1000) };
  }

  listOperators(): Promise<Operator[]> {
    return this.operators.list();
  }

  addOperator(actor: string, email: string): Promise<Operator> {
    return asInvalidData(() => this.operators.add(operatorEmail(email), actor));
  }

  /** `console users remove` of the operator of this id; the signed-in operator is refused. */
  async removeOperator(actor: string, id: string): Promise<Operator> {
    if (id === actor) throw new ApiError('invalid_data', REMOVE_SELF_REFUSED);
    const found = await this.operators.find({ id });
    if (!found || found.removed_at !== null) throw new ApiError('not_found');
    return asInvalidData(() => this.operators.remove(found.email, actor));
  }
}
