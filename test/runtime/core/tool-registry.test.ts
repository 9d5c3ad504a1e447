import { describe, expect, test } from 'vitest';
import { ToolRegistry } from '../../../runtime/core/tool-registry.js';
import { makeToolEntry, namesOf } from '../fixtures/tool-entries.js';

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

  test('clear empties names and aliases', () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger });
    registry.register(makeToolEntry('TaskStop', { metadata: { aliases: ['KillShell'] } }));
    registry.clear();
    expect(registry.list()).toEqual([]);
    expect(registry.get('KillShell')).toBeUndefined();
  });
});
