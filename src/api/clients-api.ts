import { z } from 'zod';
import { FRONTEND_PATH, request } from './http';

const ClientSchema = z
  .object({
    profile_id: z.coerce.number(),
    username: z.string().catch(''),
    email: z.string().catch(''),
    pendingsenderid: z.string().nullish().transform((v) => v ?? ''),
  })
  .passthrough();
export type ClientAnswer = z.infer<typeof ClientSchema>;

/** An admin's clients (API.md allusers). */
export async function fetchClients(token: string, profileId: number): Promise<ClientAnswer[]> {
  const answer = await request({
    path: `${FRONTEND_PATH}allusers`,
    auth: token,
    body: { profile_id: profileId },
    schema: z.object({ users: z.array(ClientSchema) }),
  });
  return answer.users;
}
