import { describe, expect, test } from 'vitest';
import { ToolRegistry } from '../../runtime/tool-registry.js';
import { makeToolEntry, namesOf } from './fixtures/tool-entries.js';

function recordingLogger() {
  const warnings: string[] = [];
  return { warnings, logger: { warn: (message: string) => warnings.push(message) } };
}

const settings = { currentMonth: 'November 2026', dynamicWorkflows: true };

describe('ToolRegistry', () => {
  test('get resolves names and aliases; list keeps insertion order', () => {
    const { logger, warnings } = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register(
      makeToolEntry('TaskStop', { metadata: { aliases: ['KillShell', 'KillBash'] } }),
    );
    registry.register(makeToolEntry('Read'));
    registry.register(makeToolEntry('Bash'));
    expect(namesOf(registry.list())).toEqual(['TaskStop', 'Read', 'Bash']);
    expect(registry.get('KillShell')?.metadata.name).toBe('TaskStop');
    expect(registry.get('KillBash')?.metadata.name).toBe('TaskStop');
    expect(registry.get('Read')?.metadata.name).toBe('Read');
    expect(registry.get('Nope')).toBeUndefined();
    expect(registry.resolveName('KillBash')).toBe('TaskStop');
    expect(registry.has('KillShell')).toBe(true);
    expect(warnings).toEqual([]);
  });

  test('re-registering a name overwrites it in place and warns', () => {
    const { logger, warnings } = recordingLogger();
    const registry = new ToolRegistry({ logger });
    const first = makeToolEntry('Read', { metadata: { aliases: ['OldRead'] } });
    const second = makeToolEntry('Read', { description: 'second' });
    registry.register(first);
    registry.register(makeToolEntry('Write'));
    registry.register(second);
    expect(namesOf(registry.list())).toEqual(['Read', 'Write']);
    expect(registry.get('Read')).toBe(second);
    expect(registry.get('OldRead')).toBeUndefined();
    expect(warnings).toEqual(['tool "Read" registered again; the new entry replaces the old one']);
  });

  test.each([
    {
      title: 'an alias equal to a registered tool name is skipped',
      entries: [
        makeToolEntry('Bash'),
        makeToolEntry('TaskStop', { metadata: { aliases: ['Bash', 'KillShell'] } }),
      ],
      resolve: { Bash: 'Bash', KillShell: 'TaskStop' },
      warnings: ['alias "Bash" of "TaskStop" skipped: a tool has that name'],
    },
    {
      title: 'an alias already held by another tool is skipped',
      entries: [
        makeToolEntry('TaskOutput', { metadata: { aliases: ['BashOutput'] } }),
        makeToolEntry('Other', { metadata: { aliases: ['BashOutput', 'OtherOutput'] } }),
      ],
      resolve: { BashOutput: 'TaskOutput', OtherOutput: 'Other' },
      warnings: ['alias "BashOutput" of "Other" skipped: it is already an alias of "TaskOutput"'],
    },
    {
      title: 'a tool registered under an alias name takes the name over (canonical wins)',
      entries: [
        makeToolEntry('TaskStop', { metadata: { aliases: ['KillShell'] } }),
        makeToolEntry('KillShell'),
      ],
      resolve: { KillShell: 'KillShell' },
      warnings: ['tool "KillShell" takes its name over from an alias of "TaskStop"'],
    },
  ])('$title', ({ entries, resolve, warnings: expected }) => {
    const { logger, warnings } = recordingLogger();
    const registry = new ToolRegistry({ logger });
    for (const entry of entries) registry.register(entry);
    for (const [name, canonical] of Object.entries(resolve))
      expect(registry.get(name)?.metadata.name).toBe(canonical);
    expect(warnings).toEqual(expected);
  });

  test('toContracts drops providerVisible: false and keeps insertion order', () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger });
    registry.register(makeToolEntry('Agent'));
    registry.register(makeToolEntry('Task', { metadata: { providerVisible: false } }));
    registry.register(makeToolEntry('Read'));
    expect(
      registry.toContracts({ descriptionSettings: settings }).map((contract) => contract.name),
    ).toEqual(['Agent', 'Read']);
    expect(registry.get('Task')?.metadata.name).toBe('Task');
  });

  test('toContracts appends the Usage list and carries flags, permission, budget and maxOutputBytes', () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger });
    registry.register(
      makeToolEntry('CronCreate', {
        description: 'Schedules a prompt.',
        metadata: {
          modelInstructions: ['Use five-field cron syntax.', 'Prefer CronUpdate to change a job.'],
          readOnly: false,
          destructive: false,
          maxOutputBytes: 4096,
          sideEffectScope: 'session',
        },
      }),
    );
    const [contract] = registry.toContracts({ descriptionSettings: settings });
    expect(contract!.description).toBe(
      'Schedules a prompt.\n\nUsage:\n- Use five-field cron syntax.\n- Prefer CronUpdate to change a job.',
    );
    expect(contract!.flags).toEqual({
      readOnly: false,
      destructive: false,
      concurrentSafe: false,
      sideEffectScope: 'session',
      riskLevel: 'medium',
      needsApproval: true,
      requiresUserInteraction: false,
      allowedInPlanMode: false,
      stopTurnOnSuccess: false,
      idempotent: false,
    });
    expect(contract!.permission.permission).toBe('croncreate');
    expect(contract!.resultBudget.maxModelBytes).toBe(1000);
    expect(contract!.maxOutputBytes).toBe(4096);
  });

  test('toContracts never carries a function, however deep', () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger });
    registry.register(
      makeToolEntry('Read', {
        resolveModelContract: (contract) => contract,
        validateInput: () => ({ ok: true }),
        formatModelContent: () => 'x',
        descriptionTemplates: {
          sources: { '/description': 'In {{currentMonth}}' },
          render: (_pointer, context) => `In ${context.currentMonth}`,
        },
      }),
    );
    const contracts = registry.toContracts({ descriptionSettings: settings });
    const functions: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value === 'function') functions.push(path);
      else if (typeof value === 'object' && value !== null)
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    };
    walk(contracts, '$');
    expect(functions).toEqual([]);
    expect(Object.keys(contracts[0]!).sort()).toEqual(
      [
        'description',
        'executionMode',
        'flags',
        'inputSchema',
        'name',
        'outputSchema',
        'permission',
        'resultBudget',
        'strict',
      ].sort(),
    );
    expect(contracts[0]!.description).toBe('In November 2026');
  });

  test('clear empties names and aliases', () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger });
    registry.register(makeToolEntry('TaskStop', { metadata: { aliases: ['KillShell'] } }));
    registry.clear();
    expect(registry.list()).toEqual([]);
    expect(registry.get('KillShell')).toBeUndefined();
  });
});
