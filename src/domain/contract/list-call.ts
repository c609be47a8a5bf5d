// A paged list call (docs/api.md#calls-and-answers): listBody in, `{ [field]: [item], pageNum, hasMore }` out.
import { z } from './zod';
import { frontendCall, type Access, type Call } from './call';
import { listBody, numericId, pageFields } from './fields';

/** A list call's answer: its items under the field the call names, then pageNum and hasMore. */
type ListAnswer<F extends string, I extends z.ZodType> = z.ZodObject<{ [K in F]: z.ZodArray<I> } & typeof pageFields>;

/** A paged list call, with the field its answer holds the items in. */
export function listCall<
  F extends string,
  I extends z.ZodType,
  A extends Access,
  B extends typeof listBody | typeof memberListBody = typeof listBody,
>(
  name: string,
  access: A,
  field: F,
  item: I,
  aliases: readonly string[] = [],
  body: B = listBody as B,
): Call<B, ListAnswer<F, I>, A> & { readonly field: F } {
  const answer = z.object({ [field]: z.array(item), ...pageFields }) as unknown as ListAnswer<F, I>;
  const call = frontendCall(name, access, body, answer, { aliases }) as Call<B, ListAnswer<F, I>, A>;
  return { ...call, field };
}

/** A list of the account's messages: it may be narrowed to one team member's (docs/product.md#who-did-what). */
export const memberListBody = listBody.extend({ member_id: numericId.optional() });
