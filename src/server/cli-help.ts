/** The text of `gatehouse --help`: commands, settable fields and the environment. */
import { SDK_VERSION } from '../protocol/version.js';
import { ALLOWLIST_FIELDS } from './services/apps/allowlist.js';
import { SETTABLE_FIELDS } from './services/apps/app-config.js';
import { FARCASTER_SETTING_HELP } from './services/farcaster/settings.js';
import { MOONPAY_FIELDS } from './services/funding/on-ramp.js';
import { CAPTCHA_SERVER_FIELDS } from './services/login/captcha.js';
import { CUSTOM_AUTH_FIELDS } from './services/login/custom-auth.js';
import { SIWE_SETTING_HELP } from './services/login/siwe.js';
import { OAUTH_SETTING_HELP } from './services/oauth/index.js';
import { WEBHOOK_URL_FIELD } from './services/webhooks/outbox.js';

export const HELP = `gatehouse ${SDK_VERSION}: login and embedded-wallet provider

Usage:
  gatehouse serve [--host <address>] [--port <n>]
                                      Run the API server (and serve dist/client); the flags
                                      override GATEHOUSE_HOST and GATEHOUSE_PORT
  gatehouse migrate [--status]        Apply pending database migrations (--status: list each
                                      migration, applied or pending, and change nothing)
  gatehouse apps create --name <name> --origin <url> [--origin <url>...] [--json]
                                      Create an app; prints its id on the last line
                                      (or its whole configuration with --json)
  gatehouse apps show <id>            Print an app's configuration as JSON
  gatehouse apps set <id> <field>=<value> [...]
                                      Change configuration fields (snake_case, nested with
                                      dots; booleans true/false; lists comma-separated;
                                      empty or null clears a nullable field)
  gatehouse apps list [--json]        List the apps: id, name, allowed origins
  gatehouse apps delete <id>          Delete an app with its users, sessions, wallets, settings
  gatehouse apps secret <id>          Create or replace the app's secret for the server-to-server
                                      API (HTTP Basic <id>:<secret>); printed once, kept hashed
  gatehouse apps webhook-secret <id>  Create or replace the app's webhook signing secret
                                      (whsec_…); printed once. Set the endpoint with
                                      apps set <id> webhook.url=<url> (and webhook.events=
                                      <type,…>, webhook.enabled=false to pause it)
  gatehouse users list <app id> [--json] [--limit <n>]
                                      An app's users, oldest first: id, created, linked accounts
  gatehouse users show <user id>      Print a user as JSON, as the server-to-server API does
  gatehouse users delete <user id>    Delete a user with their sessions, wallets and accounts
  gatehouse backup <file>             Copy the SQLite database, while in use, into a new file
  gatehouse keys list | rotate | retire <kid> [--force]
                                      The token signing keys: add one (published at once, it
                                      signs 6 minutes later), or remove one whose tokens have
                                      all expired (--force: now, for a leaked key)
  gatehouse console link [--email <operator>]
                                      Print a single-use sign-in URL for the operator console
                                      (10 minutes); without --email: the operator cli
  gatehouse console users add <email> | list | remove <email>
                                      The console's operators (they sign in by emailed code);
                                      a removed operator's sessions end at once
  gatehouse <command> --help          Show a command's usage (-h too)
  gatehouse --help | --version        Show this help, or the version

Settable fields:
  ${SETTABLE_FIELDS.join(', ')}

Server-only fields (never in the public configuration):
  ${[...ALLOWLIST_FIELDS, ...CUSTOM_AUTH_FIELDS, ...CAPTCHA_SERVER_FIELDS].join(', ')}
  ${MOONPAY_FIELDS.join(', ')}
  ${OAUTH_SETTING_HELP}
  ${SIWE_SETTING_HELP}
  ${FARCASTER_SETTING_HELP}
  ${WEBHOOK_URL_FIELD} (the endpoint of the app's signed webhooks)

Environment:
  GATEHOUSE_HOST          listen address (127.0.0.1)
  GATEHOUSE_PORT          listen port (8787)
  GATEHOUSE_PUBLIC_URL    public URL, the token issuer (http://127.0.0.1:8787)
  GATEHOUSE_DATABASE_URL  SQLite file path, file:./x.db, :memory: or
                          postgres://user:password@host:port/database (./data/gatehouse.db)
  GATEHOUSE_DATABASE_POOL_SIZE  connections per process to PostgreSQL (10)
  GATEHOUSE_SMTP_URL      smtp://host:port for login emails (unset: codes are logged)
  GATEHOUSE_MAIL_FROM     sender of login emails (Gatehouse <no-reply@localhost>)
  GATEHOUSE_TWILIO_ACCOUNT_SID, GATEHOUSE_TWILIO_AUTH_TOKEN, GATEHOUSE_TWILIO_FROM
                          (or GATEHOUSE_TWILIO_MESSAGING_SERVICE_SID): SMS codes through
                          Twilio for apps without their own twilio_* settings (unset: printed)
  GATEHOUSE_TWILIO_BASE_URL  Twilio's API (https://api.twilio.com)
  GATEHOUSE_TURNSTILE_VERIFY_URL, GATEHOUSE_TURNSTILE_SCRIPT_URL
                          Turnstile's siteverify and api.js for apps without their own
                          captcha_verify_url / captcha_script_url (Cloudflare's)
  GATEHOUSE_COINGECKO_URL CoinGecko's API, the token_price source (https://api.coingecko.com)
  GATEHOUSE_FARCASTER_RELAY_URL, GATEHOUSE_FARCASTER_RPC_URL, GATEHOUSE_FARCASTER_SIGNER_API_URL,
  GATEHOUSE_FARCASTER_HUB_URL
                          Farcaster's auth relay, OP Mainnet RPC (ID registry), signed key
                          request API and hub for apps without their own farcaster.* settings
  GATEHOUSE_SECRET        server secret, 32+ characters (unset: secret.key beside the database)
  GATEHOUSE_RECOVERY_KEY  key of the silent-recovery shares and of the step-ups, 32+ characters,
                          kept apart from the database and its secret (unset in development: a
                          file in ~/.config/gatehouse/; required with NODE_ENV=production)
  GATEHOUSE_RECOVERY_KEY_FILE  instead: a file holding it, outside the database's directory
  GATEHOUSE_RECOVERY_KEY_PREVIOUS  the old recovery key while rotating (shares move at start)
  GATEHOUSE_LINK_COOLDOWN  how long an email, phone or MFA method added without a step-up waits
                          before it can confirm a new device or a change: seconds, or 30m, 12h, 7d (7d)
  GATEHOUSE_LOG_LEVEL     JSON log level: error, warn, info (a line per request), debug, trace
                          (warn); errors are always logged
  GATEHOUSE_LOG_FORMAT    json (one JSON record a line on stdout: the logs, the start banner and,
                          in development, the login codes as dev_code) or pretty (for a person)
  GATEHOUSE_CONSOLE=true  the operator console's API at /api/v1/console/ (off: 404)
  GATEHOUSE_CONSOLE_PORT  serve the console on this port only, at the public URL's host (unset)
  GATEHOUSE_METRICS=true  Prometheus metrics at GET /metrics on the API port (off)
  GATEHOUSE_METRICS_PORT  serve GET /metrics on this port only (unset)
  NODE_ENV=production     serve refuses to start without GATEHOUSE_SMTP_URL and
                          GATEHOUSE_TWILIO_*: codes are never printed in production
  GATEHOUSE_TRUST_PROXY   the reverse proxies whose X-Forwarded-For gives client IPs:
                          addresses or CIDR ranges, comma-separated; never true (unset)

Migrations run at every start.
`;
