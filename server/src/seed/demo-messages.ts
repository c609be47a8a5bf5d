import type { GatewayContext } from '../context';
import type { UserRow } from '../db/schema-core';

/** Some sent, scheduled and recurring messages for the demo users; filled by the messaging area. */
export async function seedDemoMessages(_ctx: GatewayContext, _users: { demo: UserRow; client: UserRow }): Promise<void> {}
