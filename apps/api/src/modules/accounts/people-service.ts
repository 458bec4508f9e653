import { ADMIN_MSG, ADMIN_PAGE_SIZE, UNCLAIMED_MSG, type AdminUser, type AdminUsersResponse, type PlanCode, type UnclaimedPurchaseList } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { isBanActive } from '../../plugins/auth.js'
import { recordAudit } from '../../lib/audit/service.js'
import { sendAccessLink, type MailboxDeps } from './mailbox.js'
import { subscriptionGivesAccess } from '../commerce/access-rule.js'
import { grantComplimentaryAccess } from '../commerce/subscriptions-service.js'
import {
  findAdminUser,
  findUnclaimedPurchaseEmail,
  listUnclaimedPurchases,
  revokeSignIns,
  searchUsers,
  subscriptionsOfUsers,
  updateBan,
  updateRole,
  usersWithPendingRefund,
  type AdminUserRow,
  type UserSubscriptionRow,
} from './people-repository.js'
import type { AdminActor } from '../../plugins/signed-in.js'

/**
 * The subscription an admin sees for a person: the one giving access (latest end first), else the
 * most recently changed one — the same choice as the listener's check-subscription answer.
 */
function shownSubscription(rows: UserSubscriptionRow[], now: number): UserSubscriptionRow | undefined {
  const giving = rows
    .filter((row) => subscriptionGivesAccess(row.sub, now))
    .sort((a, b) => (b.sub.currentPeriodEnd?.getTime() ?? Infinity) - (a.sub.currentPeriodEnd?.getTime() ?? Infinity))
  return giving[0] ?? rows[0]
}

function toAdminUser(row: AdminUserRow, subs: UserSubscriptionRow[], refundPending: boolean, now: number): AdminUser {
  const shown = shownSubscription(subs, now)
  const givesAccess = shown ? subscriptionGivesAccess(shown.sub, now) : false
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    banned: isBanActive(row.banned, row.banExpires, now),
    banReason: row.banReason,
    createdAt: row.createdAt.toISOString(),
    subscription: shown
      ? {
          status: shown.sub.status,
          givesAccess,
          planCode: shown.sub.planCode,
          planName: shown.planName,
          currentPeriodEnd: shown.sub.currentPeriodEnd?.toISOString() ?? null,
          provider: shown.sub.provider,
          // A cancellation is only "scheduled" while the access it ends is still running.
          cancelsAt: givesAccess && shown.sub.cancelAtPeriodEnd ? (shown.sub.currentPeriodEnd?.toISOString() ?? null) : null,
          renewsAt:
            givesAccess && shown.sub.status === 'active' && !shown.sub.cancelAtPeriodEnd && shown.sub.provider !== 'complimentary'
              ? (shown.sub.currentPeriodEnd?.toISOString() ?? null)
              : null,
          graceEndsAt: givesAccess && shown.sub.status === 'past_due' ? (shown.sub.graceEndsAt?.toISOString() ?? null) : null,
        }
      : { status: 'none', givesAccess: false, planCode: null, planName: null, currentPeriodEnd: null, provider: null, cancelsAt: null, renewsAt: null, graceEndsAt: null },
    refundPending,
  }
}

async function withSubscriptions(db: Database, rows: AdminUserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((row) => row.id)
  const [subs, refunds] = await Promise.all([subscriptionsOfUsers(db, ids), usersWithPendingRefund(db, ids)])
  const now = Date.now()
  return rows.map((row) => toAdminUser(row, subs.filter((s) => s.sub.userId === row.id), refunds.has(row.id), now))
}

export async function listUsers(db: Database, query: { q: string; page: number }): Promise<AdminUsersResponse> {
  const { rows, total } = await searchUsers(db, query.q, ADMIN_PAGE_SIZE, (query.page - 1) * ADMIN_PAGE_SIZE)
  return { users: await withSubscriptions(db, rows), pageInfo: { page: query.page, pageSize: ADMIN_PAGE_SIZE, total } }
}

async function requireUser(db: Database, userId: string): Promise<AdminUserRow> {
  const row = await findAdminUser(db, userId)
  if (!row) throw new HttpError(404, ADMIN_MSG.userNotFound)
  return row
}

async function loadAdminUser(db: Database, userId: string): Promise<AdminUser> {
  const [user] = await withSubscriptions(db, [await requireUser(db, userId)])
  if (!user) throw new HttpError(404, ADMIN_MSG.userNotFound)
  return user
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' })

/**
 * Complimentary access for `days` days: one 'complimentary' subscription per person, extended on
 * each grant. It counts for the route guard like a paid one (`hasActiveSubscription`).
 */
export async function grantComplimentary(db: Database, actor: AdminActor, userId: string, days: number): Promise<{ user: AdminUser; message: string }> {
  const end = await db.transaction(async (tx) => {
    const target = await requireUser(tx, userId)
    const { planCode, periodEnd } = await grantComplimentaryAccess(tx, { userId, email: target.email, days })
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'admin_complimentary_access',
      target: `user:${userId}`,
      outcome: 'success',
      ip: actor.ip,
      details: { days, planCode, periodEnd: periodEnd.toISOString() },
    })
    return periodEnd
  })
  return { user: await loadAdminUser(db, userId), message: `Acesso cortesia liberado até ${dateFormat.format(end)}` }
}

/** Promote or demote. Nobody changes their own role (an admin could lock everyone out). */
export async function changeRole(db: Database, actor: AdminActor, userId: string, role: 'user' | 'admin'): Promise<{ user: AdminUser; message: string }> {
  if (userId === actor.userId) throw new HttpError(403, ADMIN_MSG.selfRoleChange)
  await db.transaction(async (tx) => {
    const target = await requireUser(tx, userId)
    await updateRole(tx, userId, role)
    // A demoted admin's open sign-ins carried admin rights in the browser; they sign in again.
    const revoked = role === 'user' && target.role === 'admin' ? await revokeSignIns(tx, userId) : 0
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: role === 'admin' ? 'admin_promoted' : 'admin_demoted',
      target: `user:${userId}`,
      outcome: 'success',
      ip: actor.ip,
      details: { from: target.role, to: role, sessionsRevoked: revoked },
    })
  })
  return {
    user: await loadAdminUser(db, userId),
    message: role === 'admin' ? 'Usuário promovido a administrador' : 'Função de administrador removida',
  }
}

/**
 * Ban or unban. A ban ends every sign-in of the person in the same transaction, so their next
 * request is anonymous, and Better Auth refuses their sign-in while it lasts.
 */
export async function changeBan(
  db: Database,
  actor: AdminActor,
  userId: string,
  input: { banned: boolean; reason?: string | undefined },
): Promise<{ user: AdminUser; message: string }> {
  if (userId === actor.userId) throw new HttpError(403, ADMIN_MSG.selfBan)
  await db.transaction(async (tx) => {
    const target = await requireUser(tx, userId)
    if (input.banned && target.role === 'admin') throw new HttpError(409, ADMIN_MSG.banAdmin)
    const reason = input.reason?.trim() || null
    await updateBan(tx, userId, input.banned, reason)
    const revoked = input.banned ? await revokeSignIns(tx, userId) : 0
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: input.banned ? 'user_banned' : 'user_unbanned',
      target: `user:${userId}`,
      outcome: 'success',
      ip: actor.ip,
      details: { reason, sessionsRevoked: revoked },
    })
  })
  return { user: await loadAdminUser(db, userId), message: input.banned ? 'Conta suspensa e sessões encerradas' : 'Suspensão removida' }
}

/** "Pagamento sem conta": paid purchases whose buyer has not used the access link yet. */
export async function listUnclaimed(db: Database): Promise<UnclaimedPurchaseList> {
  const rows = await listUnclaimedPurchases(db)
  return {
    purchases: rows.map((row) => ({
      id: row.id,
      email: row.email,
      customerName: row.customerName,
      planCode: row.planCode as PlanCode,
      planName: row.planName ?? row.planCode,
      amountCents: row.amountCents,
      currency: row.currency ?? 'BRL',
      paidAt: row.paidAt.toISOString(),
      lastAccessLinkAt: row.lastAccessLinkAt?.toISOString() ?? null,
      accountExists: row.accountExists,
    })),
  }
}

/** "Reenviar acesso": a new access link to the purchase's e-mail (never elsewhere), audited. */
export async function resendAccess(db: Database, mail: MailboxDeps, actor: AdminActor, id: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const email = await findUnclaimedPurchaseEmail(tx, id)
    if (!email || !(await sendAccessLink(tx, mail, email, 'resend'))) throw new HttpError(404, UNCLAIMED_MSG.notFound)
    await recordAudit(tx, { actorUserId: actor.userId, action: 'access_link_resent', target: `pending:${id}`, outcome: 'success', ip: actor.ip, details: {} })
  })
  return { message: UNCLAIMED_MSG.resent }
}
