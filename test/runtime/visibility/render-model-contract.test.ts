import { describe, expect, test } from 'vitest';
import type { ToolEntry } from '../../../runtime/contract.js';
import { computeVisibleTools } from '../../../runtime/visibility/get-tools.js';
import {
  DescriptionRenderError,
  renderModelContract,
} from '../../../runtime/visibility/render-model-contract.js';
import { everyCapabilityModel, projectAll } from '../fixtures/project-all.js';
import { makeToolEntry } from '../fixtures/tool-entries.js';

const settings = { currentMonth: 'November 2026', dynamicWorkflows: true };

const project = (entries: readonly ToolEntry[]) => projectAll(entries, settings);

describe('contract projection (visibility layer 2)', () => {
  test('drops providerVisible: false and keeps registration order', () => {
    const entries: ToolEntry[] = [];
    entries.push(makeToolEntry('Agent'));
    entries.push(makeToolEntry('Task', { metadata: { providerVisible: false } }));
    entries.push(makeToolEntry('Read'));
    expect(project(entries).map((contract) => contract.name)).toEqual(['Agent', 'Read']);
  });

  test('appends the Usage list and carries flags, permission, budget and maxOutputBytes', () => {
    const entries: ToolEntry[] = [];
    entries.push(
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
    const [contract] = project(entries);
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

  test('never carries a function, however deep', () => {
    const entries: ToolEntry[] = [];
    entries.push(
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
    const contracts = project(entries);
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
});

describe('a description template that throws while rendering', () => {
  const failing = (name: string, failure: () => never) =>
    makeToolEntry(name, {
      descriptionTemplates: {
        sources: { '/description': '{{#if}}x{{/if}}' },
        render: () => failure(),
      },
    });

  test.each([
    {
      name: 'a block helper without its argument (handlebars throws)',
      failure: (): never => {
        throw new Error('#if requires exactly one argument');
      },
      want: 'Broken: the description template at "/description" failed to render (#if requires exactly one argument); the tool is left out of the model\'s list',
    },
    {
      name: 'a thrown non-error value',
      failure: (): never => {
        throw 'boom';
      },
      want: 'Broken: the description template at "/description" failed to render (boom); the tool is left out of the model\'s list',
    },
  ])('$name: the list is served without that tool and the error names it', ({ failure, want }) => {
    const errors: string[] = [];
    const contracts = computeVisibleTools({
      entries: [makeToolEntry('Read'), failing('Broken', failure), makeToolEntry('Write')],
      model: everyCapabilityModel,
      descriptionSettings: settings,
      embeddedSearch: false,
      order: { sortedNames: new Set(), registrationOrder: ['Read', 'Broken', 'Write'] },
      onRenderError: (error) => errors.push(error.message),
    });
    expect(contracts.map((contract) => contract.name)).toEqual(['Read', 'Write']);
    expect(errors).toEqual([want]);
  });

  test('renderModelContract alone throws a DescriptionRenderError naming tool and pointer', () => {
    expect(() =>
      renderModelContract(
        failing('Broken', () => {
          throw new Error('no');
        }),
        settings,
      ),
    ).toThrow(DescriptionRenderError);
  });
});
