// Message templates and a test to yourself (docs/api.md#calls-and-answers).
import { callGateway } from './http';
import type { CallAnswer } from '../domain/contract/call';
import type { Template } from '../domain/templates/template-rules';
import { DELETE_TEMPLATE, SAVE_TEMPLATE, SEND_TEST_TO_SELF, TEMPLATES } from '../domain/contract/templates';

export async function fetchTemplates(token: string, profileId: number): Promise<Template[]> {
  return (await callGateway(TEMPLATES, { auth: token, body: { profile_id: profileId } })).templates;
}

/** Creates or changes the template with this id; the answer is the template as kept. */
export async function saveTemplate(token: string, profileId: number, t: Template): Promise<Template> {
  const body = { profile_id: profileId, id: t.id, name: t.name, text: t.text, category: t.category };
  return (await callGateway(SAVE_TEMPLATE, { auth: token, body })).template;
}

export async function deleteTemplate(token: string, profileId: number, id: string): Promise<void> {
  await callGateway(DELETE_TEMPLATE, { auth: token, body: { profile_id: profileId, id } });
}

export type TestToSelfAnswer = CallAnswer<typeof SEND_TEST_TO_SELF>;

export async function sendTestToSelf(
  token: string,
  profileId: number,
  test: { sourceAddress: string; text: string; fields?: Record<string, string> },
): Promise<TestToSelfAnswer> {
  return callGateway(SEND_TEST_TO_SELF, { auth: token, body: { profile_id: profileId, ...test } });
}
