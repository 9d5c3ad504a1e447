import { describe, expect, test } from 'vitest';
import { tool as bash } from '../../../generated/tools/bash.js';
import { tool as edit } from '../../../generated/tools/edit.js';
import { tool as glob } from '../../../generated/tools/glob.js';
import { tool as grep } from '../../../generated/tools/grep.js';
import { tool as read } from '../../../generated/tools/read.js';
import { tool as taskOutput } from '../../../generated/tools/task-output.js';
import { tool as taskStop } from '../../../generated/tools/task-stop.js';
import { tool as todoRead } from '../../../generated/tools/todo-read.js';
import { tool as todoWrite } from '../../../generated/tools/todo-write.js';
import { tool as webFetch } from '../../../generated/tools/web-fetch.js';
import { tool as write } from '../../../generated/tools/write.js';
import { HOOK_NAMES, type ToolEntry } from '../../../runtime/core/contract.js';

/** The facts of the article's tables for the 11 workspace tools. */
const FACTS: [
  ToolEntry,
  {
    readOnly: boolean;
    scope: string;
    ordering: string;
    hooks: string[];
    aliases: string[];
    supersededBy?: string;
  },
][] = [
  [
    read,
    {
      readOnly: true,
      scope: 'none',
      ordering: 'reference',
      hooks: [
        'resolveModelContract',
        'validateInput',
        'resolveTimeoutBudgetMs',
        'formatModelContent',
        'formatModelBlocks',
      ],
      aliases: [],
    },
  ],
  [
    write,
    {
      readOnly: false,
      scope: 'workspace',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
    },
  ],
  [
    edit,
    {
      readOnly: false,
      scope: 'workspace',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
    },
  ],
  [
    glob,
    {
      readOnly: true,
      scope: 'none',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
      supersededBy: 'Bash',
    },
  ],
  [
    grep,
    {
      readOnly: true,
      scope: 'none',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
      supersededBy: 'Bash',
    },
  ],
  [
    bash,
    {
      readOnly: false,
      scope: 'system',
      ordering: 'reference',
      hooks: [
        'resolveTimeoutBudgetMs',
        'resolvePermissionCapability',
        'resolvePermissionRulePolicy',
        'formatModelContent',
        'formatPersistedModelContent',
      ],
      aliases: [],
    },
  ],
  [
    webFetch,
    {
      readOnly: true,
      scope: 'network',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
    },
  ],
  [
    todoRead,
    {
      readOnly: true,
      scope: 'session',
      ordering: 'registration',
      hooks: ['formatModelContent'],
      aliases: [],
    },
  ],
  [
    todoWrite,
    {
      readOnly: true,
      scope: 'session',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: [],
    },
  ],
  [
    taskOutput,
    {
      readOnly: true,
      scope: 'session',
      ordering: 'reference',
      hooks: ['validateInput', 'formatModelContent', 'formatPersistedModelContent'],
      aliases: ['BashOutput', 'AgentOutputTool', 'BashOutputTool', 'TaskOutputTool'],
    },
  ],
  [
    taskStop,
    {
      readOnly: false,
      scope: 'system',
      ordering: 'reference',
      hooks: ['formatModelContent'],
      aliases: ['KillShell', 'KillBash'],
    },
  ],
];

describe('workspace tool contracts', () => {
  test.each(FACTS.map(([entry, facts]) => [entry.metadata.name, entry, facts] as const))(
    '%s',
    (_name, entry, facts) => {
      expect({
        readOnly: entry.metadata.readOnly,
        scope: entry.metadata.sideEffectScope,
        ordering: entry.ordering,
        hooks: HOOK_NAMES.filter((hook) => typeof entry[hook] === 'function'),
        aliases: entry.metadata.aliases,
        ...(entry.availability.supersededBy === undefined
          ? {}
          : { supersededBy: entry.availability.supersededBy }),
      }).toEqual({ ...facts, hooks: HOOK_NAMES.filter((hook) => facts.hooks.includes(hook)) });
    },
  );

  test('every one formats its own model content', () => {
    expect(
      FACTS.filter(([entry]) => entry.formatModelContent === undefined).map(
        ([entry]) => entry.metadata.name,
      ),
    ).toEqual([]);
  });
});
