// The integrators' API (docs/api-v1.md#templates): the account's message templates.
import { op } from './operation';
import * as t from '../../api-v1/template-schemas';

export const LIST_TEMPLATES = op({
  operationId: 'listTemplates',
  method: 'GET',
  path: '/templates',
  summary: "The account's message templates, the last changed first",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:read'], needs: 'templates' },
  answer: t.templateList,
  status: 200,
  errors: [],
});

export const CREATE_TEMPLATE = op({
  operationId: 'createTemplate',
  method: 'POST',
  path: '/templates',
  summary: 'Keep a named text with {placeholders}, transactional or promotional',
  description: 'sendMessages sends it with templateId, filling its placeholders from fields.',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'templates' },
  body: t.createTemplateBody,
  answer: t.template,
  status: 201,
  errors: [422],
});

export const UPDATE_TEMPLATE = op({
  operationId: 'updateTemplate',
  method: 'POST',
  path: '/templates/:templateId',
  summary: "Change a template's name, text or category",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'templates' },
  params: t.templateParams,
  body: t.updateTemplateBody,
  answer: t.template,
  status: 200,
  errors: [404],
});

export const DELETE_TEMPLATE = op({
  operationId: 'deleteTemplate',
  method: 'DELETE',
  path: '/templates/:templateId',
  summary: 'Delete a template; sends already made with it are kept',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'templates' },
  params: t.templateParams,
  answer: t.deletedTemplate,
  status: 200,
  errors: [404],
});
