/**
 * What serve says on standard error once a client initialized, per mode and client: which
 * listed tools would ask (and so be refused by a client that cannot approve), and the flags.
 */
import { describe, expect, test } from 'vitest';
import { serveNotice, toolsThatAsk } from '../../cli/serve-notice.js';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import { createToolRuntime } from '../../runtime/core/tool-runtime.js';
import type { PermissionMode } from '../../runtime/call-path/permission/evaluate-permission.js';

const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate: { ports: {}, features: {}, hostKind: 'protocol', sessionKind: 'main' },
  logger: { warn: () => {} },
});
const listed = runtime
  .getTools({
    model: {
      id: 'unspecified',
      provider: 'anthropic',
      supportsNativeWebSearch: false,
      supportsPdf: false,
      firstParty: true,
    },
  })
  .filter((tool) => !['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'].includes(tool.name));
const input = (mode: PermissionMode, overrides: object = {}) => ({
  mode,
  yes: false,
  allowRules: [],
  client: { name: 'c', version: '1', elicitation: false },
  listed,
  hidden: [],
  decidesPerInput: (name: string) => name === 'Bash',
  ...overrides,
});

describe('toolsThatAsk', () => {
  test.each([
    {
      mode: 'default',
      allow: [],
      asks: 'Bash (unless read-only), CronCreate, CronDelete, Edit, WebFetch, Write, CronUpdate',
    },
    {
      mode: 'default',
      allow: ['Write', 'Edit'],
      asks: 'Bash (unless read-only), CronCreate, CronDelete, WebFetch, CronUpdate',
    },
    {
      mode: 'acceptEdits',
      allow: [],
      asks: 'Bash (unless read-only), CronCreate, CronDelete, WebFetch, CronUpdate',
    },
    { mode: 'yolo', allow: [], asks: '' },
    { mode: 'plan', allow: [], asks: '' },
  ] as const)('$mode, allow $allow → $asks', ({ mode, allow, asks }) => {
    expect(toolsThatAsk(input(mode, { allowRules: allow })).join(', ')).toBe(asks);
  });
});

describe('serveNotice', () => {
  test.each([
    {
      name: 'a client that can approve',
      given: input('default', { client: { name: 'c', version: '1', elicitation: true } }),
      lines: [
        '14 tools listed; permission mode default.',
        'client "c 1" can approve calls (elicitation): calls that need approval are asked there.',
      ],
    },
    {
      name: '--yes',
      given: input('default', { yes: true }),
      lines: [
        '14 tools listed; permission mode default.',
        'Every call that asks for approval is approved (--yes).',
      ],
    },
    {
      name: 'yolo without elicitation',
      given: input('yolo'),
      lines: [
        '14 tools listed; permission mode yolo.',
        'client "c 1" cannot approve calls; none of the listed tools asks.',
      ],
    },
    {
      name: 'plan mode',
      given: input('plan', { hidden: ['AskUserQuestion'] }),
      lines: [
        '14 tools listed; permission mode plan.',
        'Plan mode refuses every call that changes something.',
        'client "c 1" cannot approve calls; none of the listed tools asks.',
        'Not listed, because client "c 1" cannot reach the user (no elicitation): AskUserQuestion.',
      ],
    },
    {
      name: 'one tool, a client without a name',
      given: input('default', {
        listed: listed.filter((tool) => tool.name === 'Read'),
        client: { elicitation: false },
      }),
      lines: [
        '1 tool listed; permission mode default.',
        'this client cannot approve calls; none of the listed tools asks.',
      ],
    },
  ])('$name', ({ given, lines }) => {
    expect(serveNotice(given)).toEqual(lines);
  });
});
