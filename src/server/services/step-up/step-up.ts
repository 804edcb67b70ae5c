/**
 * Step-up tickets (protocol/step-up.ts, DESIGN.md embedded wallet security model): a request a
 * login is not enough for waits on a ticket of its session until a factor approves it. An
 * approval is a MAC under the step-up key (derived from the silent-recovery key, not from the
 * server secret): whoever holds the database and the server secret can neither forge one nor
 * read a code that would make one, since the codes are keyed and the authenticator secrets sealed
 * under that key too.
 */
import type { Selectable } from 'kysely';
import {
  STEP_UP_TICKET_TTL_SECONDS,
  type StepUpAccountWire,
  type StepUpAction,
  type StepUpFactorKind,
  type StepUpTicketWire,
} from '../../../protocol/step-up.js';
import type { Db } from '../../db/database.js';
import { toNullableNumber, toNumber } from '../../db/database.js';
import type { StepUpTicketsTable } from '../../db/schema/step-up.js';
import { ApiError } from '../../errors.js';
import { type Clock, unixSeconds } from '../clock.js';
import { randomToken, Secrets } from '../crypto.js';
import type { RateLimit, RateLimiter } from '../sessions/rate-limit.js';
import type { EnrolledMfa } from './step-up-factors.js';
import { type UserFactors, userFactors } from './step-up-factors.js';

/** The session asking: its app, user, id, and the time of its interactive login (epoch ms). */
export interface StepUpContext {
  appId: string;
  userId: string;
  sessionId: string;
  loginAt: number;
}

/** What a request does, as precisely as the provider can say: `target` decides which ticket covers it. */
export interface StepUpRequest {
  action: StepUpAction;
  target: string;
  account: StepUpAccountWire | null;
}

/** 403 step_up_required, with the ticket the request waits on. */
class StepUpRequiredError extends ApiError {
  constructor(readonly ticket: StepUpTicketWire) {
    super('step_up_required', undefined, { ticket });
  }
}

type Row = Selectable<StepUpTicketsTable>;

/** New tickets per user: a person asks for a few; a script cycling them learns nothing anyway. */
const TICKET_LIMIT: RateLimit = { max: 30, windowMs: 10 * 60_000 };
const TTL_MS = STEP_UP_TICKET_TTL_SECONDS * 1000;

export interface StepUpDeps {
  db: Db;
  /** Keys of the step-up key (stepUpSecrets). */
  keys: Secrets;
  now: Clock;
  /** GATEHOUSE_LINK_COOLDOWN, ms. */
  cooldownMs: number;
  rateLimiter: RateLimiter;
  /** The user's enrolled MFA methods (MfaService.enrolledFactors). */
  mfa: (userId: string) => Promise<EnrolledMfa[]>;
}

export class StepUpService {
  constructor(private readonly deps: StepUpDeps) {}

  /** When a contact added now without a step-up could first confirm anything (the cooldown's end). */
  usableFromNow(): Date {
    return new Date(this.deps.now() + this.deps.cooldownMs);
  }

  private mac(
    row: Pick<Row, 'id' | 'app_id' | 'user_id' | 'session_id' | 'action' | 'target'>,
    at: number,
    factor: string,
  ) {
    const { id, app_id, user_id, session_id, action, target } = row;
    return this.deps.keys.hash(
      'step-up-approval',
      id,
      app_id,
      user_id,
      session_id,
      action,
      target,
      String(at),
      factor,
    );
  }

  /** An approval that this server made (a row edited by hand does not pass). */
  private approved(row: Row): boolean {
    const at = toNullableNumber(row.approved_at);
    if (at === null || row.approved_with === null || row.approval_mac === null) return false;
    return Secrets.same(row.approval_mac, this.mac(row, at, row.approved_with));
  }

  /** The user's factors for this session; `wallet` stands in for a change when nothing else can. */
  async factors(ctx: StepUpContext, action: StepUpAction): Promise<UserFactors> {
    const { db, now, cooldownMs } = this.deps;
    const factors = await userFactors(db, {
      userId: ctx.userId,
      loginAt: ctx.loginAt,
      now: now(),
      cooldownMs,
      mfa: await this.deps.mfa(ctx.userId),
    });
    if (action === 'new_device' || factors.usable.size > 0) return factors;
    return {
      ...factors,
      listed: [{ id: 'wallet', label: '' }, ...factors.listed],
      usable: new Set(['wallet']),
    };
  }

  async wire(ctx: StepUpContext, row: Row): Promise<StepUpTicketWire> {
    const action = row.action as StepUpAction;
    const approvedAt = this.approved(row) ? toNullableNumber(row.approved_at) : null;
    return {
      id: row.id,
      action,
      account: row.account === null ? null : (JSON.parse(row.account) as StepUpAccountWire),
      factors: (await this.factors(ctx, action)).listed,
      expires_at: unixSeconds(toNumber(row.expires_at)),
      approved_at: approvedAt === null ? null : unixSeconds(approvedAt),
    };
  }

  /** The live tickets of this session for exactly this request, newest first. */
  private live(ctx: StepUpContext, request: StepUpRequest): Promise<Row[]> {
    return this.deps.db
      .selectFrom('step_up_tickets')
      .selectAll()
      .where('session_id', '=', ctx.sessionId)
      .where('action', '=', request.action)
      .where('app_id', '=', ctx.appId)
      .where('user_id', '=', ctx.userId)
      .where('target', '=', request.target)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', this.deps.now())
      .orderBy('created_at', 'desc')
      .execute() as Promise<Row[]>;
  }

  private async open(ctx: StepUpContext, request: StepUpRequest): Promise<Row> {
    const { db, now, rateLimiter } = this.deps;
    if (!(await rateLimiter.hit(`step_up_ticket:user:${ctx.appId}:${ctx.userId}`, TICKET_LIMIT))) {
      throw new ApiError('too_many_requests');
    }
    const created = now();
    const row = {
      id: randomToken(),
      app_id: ctx.appId,
      user_id: ctx.userId,
      session_id: ctx.sessionId,
      action: request.action,
      target: request.target,
      account: request.account === null ? null : JSON.stringify(request.account),
      created_at: created,
      expires_at: created + TTL_MS,
      approved_at: null,
      approved_with: null,
      approval_mac: null,
      consumed_at: null,
    };
    await db.insertInto('step_up_tickets').values(row).execute();
    return row;
  }

  /**
   * The id of an approved ticket of this session covering exactly this request; otherwise throws
   * StepUpRequiredError with the pending ticket (a new one if none). A change spends it with
   * `spend` once done; a new device's recovery does not (a wrong password may retry it).
   */
  async require(ctx: StepUpContext, request: StepUpRequest): Promise<string> {
    const rows = await this.live(ctx, request);
    const approved = rows.find((row) => this.approved(row));
    if (approved) return approved.id;
    const pending =
      rows.find((row) => toNullableNumber(row.approved_at) === null) ?? (await this.open(ctx, request));
    throw new StepUpRequiredError(await this.wire(ctx, pending));
  }

  /** The change the ticket approved is done: the ticket cannot approve another. */
  async spend(id: string): Promise<void> {
    await this.deps.db
      .updateTable('step_up_tickets')
      .set({ consumed_at: this.deps.now() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** A live ticket of this session; 404 not_found otherwise. */
  async find(ctx: StepUpContext, id: string): Promise<Row> {
    const row = (await this.deps.db
      .selectFrom('step_up_tickets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as Row | undefined;
    const mine =
      row !== undefined &&
      row.app_id === ctx.appId &&
      row.user_id === ctx.userId &&
      row.session_id === ctx.sessionId &&
      toNullableNumber(row.consumed_at) === null &&
      toNumber(row.expires_at) > this.deps.now();
    if (!mine) throw new ApiError('not_found', 'No such step-up ticket in this session.');
    return row;
  }

  async ticket(ctx: StepUpContext, id: string): Promise<StepUpTicketWire> {
    return this.wire(ctx, await this.find(ctx, id));
  }

  /** Throws unless `factor` may approve this ticket now. */
  async requireFactor(ctx: StepUpContext, row: Row, factor: StepUpFactorKind): Promise<void> {
    const { usable } = await this.factors(ctx, row.action as StepUpAction);
    if (!usable.has(factor)) throw new ApiError('step_up_factor_unavailable');
  }

  /** Throws unless this passkey (credential id) may approve this ticket now. */
  async requirePasskey(ctx: StepUpContext, row: Row, credentialId: string): Promise<void> {
    const { passkeys } = await this.factors(ctx, row.action as StepUpAction);
    if (!passkeys.has(credentialId)) throw new ApiError('step_up_factor_unavailable');
  }

  /** Marks the ticket approved by `factor` (the caller checked the factor). */
  async approve(ctx: StepUpContext, row: Row, factor: StepUpFactorKind): Promise<StepUpTicketWire> {
    const at = this.deps.now();
    await this.deps.db
      .updateTable('step_up_tickets')
      .set({ approved_at: at, approved_with: factor, approval_mac: this.mac(row, at, factor) })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .execute();
    return this.wire(ctx, {
      ...row,
      approved_at: at,
      approved_with: factor,
      approval_mac: this.mac(row, at, factor),
    });
  }

  /** Deletes expired tickets. */
  async sweep(): Promise<void> {
    await this.deps.db.deleteFrom('step_up_tickets').where('expires_at', '<=', this.deps.now()).execute();
  }
}
