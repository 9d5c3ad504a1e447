/** Skill and js through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryNodeRepl, InMemorySkills } from './host-support/in-memory-host-ports.js';

const { Skill, js } = hostTools;

describe('Skill', () => {
  const skills = new Map([
    ['pdf', 'Extract text with pdftotext.'],
    ['commit', 'Write a commit message for: $ARGUMENTS'],
    ['empty', '\n'],
  ]);

  test.each([
    {
      case: 'a skill',
      input: { skill: 'pdf' },
      content: 'Skill "pdf" loaded. Follow its instructions:\n\nExtract text with pdftotext.',
    },
    {
      case: 'a skill named as a slash command',
      input: { skill: '/pdf' },
      content: 'Skill "pdf" loaded. Follow its instructions:\n\nExtract text with pdftotext.',
    },
    {
      case: 'a skill with arguments',
      input: { skill: 'commit', args: ' the login fix ' },
      content:
        'Skill "commit" loaded. Follow its instructions:\n\nWrite a commit message for: the login fix',
    },
  ])('loads $case', async ({ input, content }) => {
    await expect(
      callThroughRuntime(Skill, input, { skill: new InMemorySkills(skills) }),
    ).resolves.toMatchObject({ isError: false, content });
  });

  test.each([
    {
      case: 'an unknown skill (the host says so)',
      input: { skill: 'docx' },
      errorCode: 'host_error',
      content:
        '<tool_use_error>Unknown skill "docx". Installed skills: pdf, commit, empty.</tool_use_error>',
    },
    {
      case: 'a skill without instructions',
      input: { skill: 'empty' },
      errorCode: 'empty_skill',
      content: '<tool_use_error>The skill "empty" has no instructions.</tool_use_error>',
    },
    {
      case: 'a blank name',
      input: { skill: ' / ' },
      errorCode: 'invalid_input',
      content: '<tool_use_error>The skill name is blank.</tool_use_error>',
    },
  ])('fails for $case', async ({ input, errorCode, content }) => {
    await expect(
      callThroughRuntime(Skill, input, { skill: new InMemorySkills(skills) }),
    ).resolves.toMatchObject({ isError: true, errorCode, content });
  });
});

describe('js', () => {
  test('keeps state between calls, as a persistent REPL', async () => {
    const nodeRepl = new InMemoryNodeRepl();
    await expect(
      callThroughRuntime(
        js,
        { code: 'globalThis.visits = [1, 2]; console.log("stored"); visits.length' },
        { nodeRepl },
      ),
    ).resolves.toMatchObject({
      isError: false,
      content: 'stored\n2',
    });
    await expect(
      callThroughRuntime(js, { code: 'visits.push(3); ({ count: visits.length })' }, { nodeRepl }),
    ).resolves.toMatchObject({
      content: '{ count: 3 }',
    });
  });

  test.each([
    { case: 'nothing printed, no value', code: 'let quiet = 1;', content: '(no output)' },
    {
      case: 'a thrown error',
      code: 'throw new Error("page not loaded")',
      content: '<tool_use_error>page not loaded</tool_use_error>',
    },
    {
      case: 'blank code',
      code: '   ',
      content: '<tool_use_error>The code is blank.</tool_use_error>',
    },
  ])('answers $case', async ({ code, content }) => {
    await expect(
      callThroughRuntime(js, { code }, { nodeRepl: new InMemoryNodeRepl() }),
    ).resolves.toMatchObject({ content });
  });
});
