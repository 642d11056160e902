/**
 * The discovery documents (RFC 7644 §4, RFC 7643 §5–§7): what this service provider supports, its resource types
 * and the schemas of the attributes it keeps. They say what the code does: filter `eq` only, PATCH and ETags yes,
 * bulk, sorting and password changes no.
 */
import { GROUP_SCHEMA } from './scim.groups';
import { USER_SCHEMA } from './scim.user-model';

export const MAX_RESULTS = 200;
const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RT_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SPC_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The company's SCIM token from Settings → SCIM provisioning, as Authorization: Bearer",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const RESOURCE_TYPES = [
  { id: 'User', endpoint: '/Users', schema: USER_SCHEMA, description: 'A member of the company' },
  { id: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, description: 'A company role' },
] as const;

export function resourceTypes(baseUrl: string) {
  return RESOURCE_TYPES.map((t) => ({
    schemas: [RT_SCHEMA],
    id: t.id,
    name: t.id,
    endpoint: t.endpoint,
    description: t.description,
    schema: t.schema,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${t.id}` },
  }));
}

interface AttrOpts {
  type?: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  uniqueness?: 'none' | 'server';
  subAttributes?: ScimAttribute[];
  referenceTypes?: string[];
  description: string;
}

interface ScimAttribute {
  name: string;
  type: string;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: string;
  returned: string;
  uniqueness: string;
  subAttributes?: ScimAttribute[];
  referenceTypes?: string[];
}

function attr(name: string, o: AttrOpts): ScimAttribute {
  return {
    name,
    type: o.type ?? 'string',
    multiValued: o.multiValued ?? false,
    description: o.description,
    required: o.required ?? false,
    caseExact: false,
    mutability: o.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: o.uniqueness ?? 'none',
    ...(o.subAttributes ? { subAttributes: o.subAttributes } : {}),
    ...(o.referenceTypes ? { referenceTypes: o.referenceTypes } : {}),
  };
}

const USER_ATTRIBUTES = [
  attr('userName', { required: true, uniqueness: 'server', description: 'The email address the member signs in with' }),
  attr('externalId', { description: "The identity provider's id of the user" }),
  attr('name', {
    type: 'complex',
    description: 'The member’s name',
    subAttributes: [
      attr('givenName', { description: 'First name' }),
      attr('familyName', { description: 'Last name' }),
      attr('formatted', { mutability: 'readOnly', description: 'givenName familyName' }),
    ],
  }),
  attr('displayName', { mutability: 'readOnly', description: 'The name, or the email when there is none' }),
  attr('emails', {
    type: 'complex',
    multiValued: true,
    description: 'One work address, the same as userName',
    subAttributes: [
      attr('value', { description: 'The address' }),
      attr('type', { description: 'work' }),
      attr('primary', { type: 'boolean', description: 'true' }),
    ],
  }),
  attr('active', { type: 'boolean', description: 'false: no access (sessions ended, API tokens revoked)' }),
  attr('groups', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: 'The role’s group; change it through /Groups',
    subAttributes: [
      attr('value', { mutability: 'readOnly', description: 'The role' }),
      attr('display', { mutability: 'readOnly', description: 'The role’s label' }),
      attr('$ref', { type: 'reference', mutability: 'readOnly', referenceTypes: ['Group'], description: 'The group' }),
    ],
  }),
];

const GROUP_ATTRIBUTES = [
  attr('displayName', { required: true, mutability: 'immutable', uniqueness: 'server', description: 'The role' }),
  attr('members', {
    type: 'complex',
    multiValued: true,
    description: 'The members who hold this role',
    subAttributes: [
      attr('value', { mutability: 'immutable', description: 'The user id' }),
      attr('$ref', { type: 'reference', mutability: 'immutable', referenceTypes: ['User'], description: 'The user' }),
      attr('display', { mutability: 'readOnly', description: 'The member’s name' }),
    ],
  }),
];

export function schemas(baseUrl: string) {
  return [
    { id: USER_SCHEMA, name: 'User', description: 'A company member', attributes: USER_ATTRIBUTES },
    { id: GROUP_SCHEMA, name: 'Group', description: 'A company role', attributes: GROUP_ATTRIBUTES },
  ].map((s) => ({
    schemas: [SCHEMA_SCHEMA],
    ...s,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${s.id}` },
  }));
}
