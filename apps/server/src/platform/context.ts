// The request context services receive: who calls, their role and group scope, the request id, and the ports (db, mail, audit).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail.ts';

export type Caller = {
  userId: number;
  userName: string;
  fullName: string;
  roleId: number;
  sessionId: number;
  isProviderStaff: boolean;
  isAdmin: boolean;
  isPetOwner: boolean;
  isResident: boolean;
  impersonatedByUserId: number | null;
};

export type Services = { db: Db; config: Config; mailer: Mailer };

export type RequestContext = Services & {
  caller: Caller | null;
  requestId: string;
  ip: string;
};

export type SignedInContext = RequestContext & { caller: Caller };
