import type { GatewayContext } from '../context';
import type { UserRow } from '../db/schema-core';

/** A phone book with contacts and birthdays for the demo users; filled by the phone book area. */
export async function seedDemoPhonebook(_ctx: GatewayContext, _users: { demo: UserRow; client: UserRow }): Promise<void> {}
