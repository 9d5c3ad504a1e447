import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callTool } from '../../../../runtime/call-path/call/call-tool.js';
import {
  applyTurnFilter,
  planTurnTools,
  restrictedToolContent,
  turnRestriction,
  type TurnContext,
  type TurnFilterMode,
} from '../../../../runtime/core/visibility/turn-filter.js';
import { fixtureContext, fixtureRuntime, fixtureTool } from '../../call-path/call/fixture-tool.js';

const TOOLS = [
  'Bash',
  'CronCreate',
  'CronDelete',
  'CronList',
  'CronUpdate',
  'OffPeakCreate',
  'OffPeakList',
  'Read',
  'SendMessage',
  'Workflow',
  'ListModels',
].map((name) => ({ name }));

test.each<{ title: string; turn: TurnContext | undefined; want: string[] }>([
  { title: 'no turn context: everything', turn: undefined, want: TOOLS.map((tool) => tool.name) },
  {
    title: 'interactive turn: everything',
    turn: { kind: 'interactive' },
    want: TOOLS.map((tool) => tool.name),
  },
  {
    title: 'cron execution turn drops CronCreate, CronUpdate, CronDelete',
    turn: { kind: 'cron' },
    want: [
      'Bash',
      'CronList',
      'OffPeakCreate',
      'OffPeakList',
      'Read',
      'SendMessage',
      'Workflow',
      'ListModels',
    ],
  },
  {
    title: 'off-peak turn drops OffPeakCreate, SendMessage and Workflow',
    turn: { kind: 'offPeak' },
    want: [
      'Bash',
      'CronCreate',
      'CronDelete',
      'CronList',
      'CronUpdate',
      'OffPeakList',
      'Read',
      'ListModels',
    ],
  },
  {
    title: "the turn's denylist",
    turn: { denylist: ['Bash', 'ListModels', 'NotThere'] },
    want: [
      'CronCreate',
      'CronDelete',
      'CronList',
      'CronUpdate',
      'OffPeakCreate',
      'OffPeakList',
      'Read',
      'SendMessage',
      'Workflow',
    ],
  },
  {
    title: 'cron turn plus denylist',
    turn: { kind: 'cron', denylist: ['Read'] },
    want: [
      'Bash',
      'CronList',
      'OffPeakCreate',
      'OffPeakList',
      'SendMessage',
      'Workflow',
      'ListModels',
    ],
  },
  {
    title: 'a hit cron-creation cap empties the list',
    turn: { cronCreationCapReached: true },
    want: [],
  },
  {
    title: 'cap not hit changes nothing',
    turn: { cronCreationCapReached: false },
    want: TOOLS.map((tool) => tool.name),
  },
])('$title', ({ turn, want }) => {
  expect(applyTurnFilter(TOOLS, turn).map((tool) => tool.name)).toEqual(want);
});

describe('planTurnTools: remove or restrict', () => {
  test.each<{
    title: string;
    turn: TurnContext;
    mode: TurnFilterMode;
    want: Partial<ReturnType<typeof planTurnTools>>;
  }>([
    {
      title: 'remove (default): the list lacks what the cron turn excludes',
      turn: { kind: 'cron' },
      mode: 'remove',
      want: {
        tools: TOOLS.filter((tool) => !tool.name.match(/^Cron(Create|Update|Delete)$/)),
        restricted: ['CronCreate', 'CronDelete', 'CronUpdate'],
        reason: 'a cron turn',
      },
    },
    {
      title: 'restrict: the session list stays; the allowed names travel beside it',
      turn: { kind: 'offPeak' },
      mode: 'restrict',
      want: {
        tools: TOOLS,
        allowedTools: TOOLS.map((tool) => tool.name).filter(
          (name) => !['OffPeakCreate', 'SendMessage', 'Workflow'].includes(name),
        ),
        restricted: ['OffPeakCreate', 'SendMessage', 'Workflow'],
        reason: 'an off-peak turn',
      },
    },
    {
      title: 'restrict on an interactive turn: nothing to send',
      turn: {},
      mode: 'restrict',
      want: { tools: TOOLS, restricted: [], reason: 'this turn' },
    },
  ])('$title', ({ turn, mode, want }) => {
    const plan = planTurnTools(TOOLS, turn, mode);
    expect(plan).toEqual(want);
  });
});

describe('turnRestriction: what the call path refuses, and what it still allows', () => {
  const ALLOWED_IN_CRON = TOOLS.map((tool) => tool.name).filter(
    (name) => !['CronCreate', 'CronDelete', 'CronUpdate'].includes(name),
  );
  test.each<{ title: string; turn: TurnContext; mode: TurnFilterMode; want: unknown }>([
    { title: 'an interactive turn restricts nothing', turn: {}, mode: 'restrict', want: undefined },
    {
      title: 'restrict: the excluded names, the reason, and the rest of the list',
      turn: { kind: 'cron' },
      mode: 'restrict',
      want: {
        restricted: ['CronCreate', 'CronDelete', 'CronUpdate'],
        reason: 'a cron turn',
        allowed: ALLOWED_IN_CRON,
      },
    },
    {
      title: 'remove: the same (a model could still name a removed tool)',
      turn: { kind: 'cron' },
      mode: 'remove',
      want: {
        restricted: ['CronCreate', 'CronDelete', 'CronUpdate'],
        reason: 'a cron turn',
        allowed: ALLOWED_IN_CRON,
      },
    },
    {
      title: 'the cron-creation cap: nothing is allowed',
      turn: { cronCreationCapReached: true },
      mode: 'restrict',
      want: {
        restricted: TOOLS.map((tool) => tool.name),
        reason: 'this session (its cron-creation cap is reached)',
        allowed: [],
      },
    },
  ])('$title', ({ turn, mode, want }) => {
    expect(turnRestriction(planTurnTools(TOOLS, turn, mode))).toEqual(want);
  });
});

describe('the refusal names the tools allowed now', () => {
  test.each([
    {
      allowed: ['Read', 'Bash'],
      want: '<tool_use_error>Error: CronCreate is not available in a cron turn. Tools you can call now: Read, Bash.</tool_use_error>',
    },
    {
      allowed: [],
      want: '<tool_use_error>Error: CronCreate is not available in a cron turn. No tool can be called now; answer without tools.</tool_use_error>',
    },
  ])('allowed $allowed', ({ allowed, want }) => {
    expect(restrictedToolContent('CronCreate', 'a cron turn', allowed)).toBe(want);
  });
});

describe('a call to a restricted tool is refused before anything runs', () => {
  test('callTool with the turn restriction answers tool_restricted, naming the tools allowed now', async () => {
    let ran = false;
    const entry = fixtureTool('CronCreate', z.object({}).strict(), {
      handler: async () => {
        ran = true;
        return { ok: true, output: 'scheduled' };
      },
    });
    const result = await callTool(
      fixtureRuntime([entry]),
      { name: 'CronCreate', input: {}, id: 'call-1' },
      await fixtureContext({
        turnRestriction: {
          restricted: ['CronCreate'],
          reason: 'a cron turn',
          allowed: ['CronList', 'Read'],
        },
      }),
    );
    expect(result).toMatchObject({
      isError: true,
      errorCode: 'tool_restricted',
      content:
        '<tool_use_error>Error: CronCreate is not available in a cron turn. Tools you can call now: CronList, Read.</tool_use_error>',
    });
    expect(ran).toBe(false);
  });
});
