/**
 * Server-side sessions: a random token (stored only as its SHA-256) plus a session id, with an
 * expiry. A missing, forged, revoked or expired token answers code 400.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { companies, departments, positions, roles, sessions, users } from '../../db/schema';
import { ApiError, Codes, Messages } from '../../contract/envelope';
import type { Clock } from '../../clock';
import type { Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { preparedPerDb } from '../../db/prepared';

export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export type IssuedSession = {
  token: string;
  md5Token: string;
  sessionid: string;
  companyid: number;
  userId: number;
  expiresAt: string;
};

export async function issueSession(
  db: Db,
  clock: Clock,
  user: { id: number; companyId: number },
  ip: string,
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const sessionid = randomUUID();
  const expiresAt = new Date(clock.now().getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({
    id: sessionid,
    tokenHash: sha256(token),
    userId: user.id,
    companyId: user.companyId,
    ip,
    createdAt: clock.now(),
    expiresAt,
  });
  return {
    token,
    md5Token: createHash('md5').update(token).digest('hex'),
    sessionid,
    companyid: user.companyId,
    userId: user.id,
    expiresAt: formatDateTime(expiresAt),
  };
}

const sessionColumns = {
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
  userId: users.id,
  companyId: users.companyId,
  isManager: users.isManager,
  roleId: users.roleId,
  deptId: users.deptId,
  status: users.status,
};

/** A name by id, as a scalar sub-select: joined, the six tables took PGlite about 2 ms to plan. */
function nameOf(
  table: typeof companies | typeof departments | typeof roles | typeof positions,
  id: AnyPgColumn,
) {
  return sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${id})`;
}

/** The user's names and places, as initialize answers them (user, company, department, role, position). */
const profileColumns = {
  userName: users.userName,
  name: users.name,
  faceUrl: users.faceUrl,
  companyName: sql<string>`${nameOf(companies, users.companyId)}`,
  deptName: nameOf(departments, users.deptId),
  roleName: nameOf(roles, users.roleId),
  positionId: users.positionId,
  positionName: nameOf(positions, users.positionId),
};

function sessionMatches() {
  return and(
    eq(sessions.tokenHash, sql.placeholder('tokenHash')),
    eq(sessions.id, sql.placeholder('sessionId')),
    isNull(sessions.revokedAt),
  );
}

/** The session lookup runs on every request: built and prepared once per database handle. */
const sessionQuery = preparedPerDb((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sessionMatches())
    .limit(1)
    .prepare('authenticate_session'),
);

/**
 * The same lookup with the user's profile read beside it, for the operations that answer it (initialize, on
 * every start of the app): one statement instead of the session and then the user, so the request
 * waits once in the database's queue.
 */
const sessionWithProfileQuery = preparedPerDb((db) =>
  db
    .select({ ...sessionColumns, ...profileColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sessionMatches())
    .limit(1)
    .prepare('authenticate_session_with_profile'),
);

/** Operations whose handler reads `session.profile`; every other request reads the session alone. */
export const operationsReadingProfile: ReadonlySet<string> = new Set(['initialize']);

export async function authenticate(
  db: Db,
  clock: Clock,
  token: string | undefined,
  sessionId: string | undefined,
  withProfile = false,
): Promise<Session> {
  if (!token || !sessionId) throw new ApiError(Codes.sessionInvalid, Messages.sessionMissing);
  const params = { tokenHash: sha256(token), sessionId };
  if (!withProfile) {
    const [row] = await sessionQuery(db).execute(params);
    return sessionOf(clock, row);
  }
  const [row] = await sessionWithProfileQuery(db).execute(params);
  const session = sessionOf(clock, row);
  if (row) {
    const { userName, name, faceUrl, companyName, deptName, roleName, positionId, positionName } = row;
    session.profile = { userName, name, faceUrl, companyName, deptName, roleName, positionId, positionName };
  }
  return session;
}

type SessionRow = Omit<Session, 'profile'> & { expiresAt: Date; status: number };

function sessionOf(clock: Clock, row: SessionRow | undefined): Session {
  if (!row || row.expiresAt.getTime() <= clock.now().getTime() || row.status !== 1) {
    throw new ApiError(Codes.sessionInvalid, Messages.sessionInvalid);
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    companyId: row.companyId,
    isManager: row.isManager,
    roleId: row.roleId,
    deptId: row.deptId,
  };
}

export async function revokeSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Db, clock: Clock, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
