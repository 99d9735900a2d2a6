/**
 * SMS delivery behind an interface. The sandbox provider "sends" into the sms_outbox table (read by
 * the dev outbox page) and the server log; a real gateway implements the same interface.
 */
import type { Db } from '../db/db';
import { smsOutbox } from '../db/schema';

export type SmsProvider = {
  send: (phone: string, content: string) => Promise<void>;
};

export function createSandboxSms(db: Db, log: (line: string) => void = console.log): SmsProvider {
  return {
    async send(phone, content) {
      await db.insert(smsOutbox).values({ phone, content });
      log(`[sandbox sms] to ${phone}: ${content}`);
    },
  };
}
