/** AskUserQuestion, EnterPlanMode and ExitPlanMode through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryUserInteraction } from './host-support/in-memory-host-ports.js';

const { AskUserQuestion, EnterPlanMode, ExitPlanMode } = hostTools;

const database = {
  question: 'Which database should the service use?',
  header: 'Database',
  options: [
    { label: 'PostgreSQL (Recommended)', description: 'Relational, already used by billing' },
    { label: 'SQLite', description: 'Embedded, no server' },
  ],
};
const features = {
  question: 'Which features go into the first release?',
  header: 'Features',
  options: [
    { label: 'Auth', description: 'Sign-in and sessions' },
    { label: 'Billing', description: 'Invoices' },
    { label: 'Export', description: 'CSV export' },
  ],
  multiSelect: true,
};

describe('AskUserQuestion', () => {
  test('asks the host with labels, descriptions and headers, and reports the answers in order', async () => {
    const userInteraction = new InMemoryUserInteraction([
      ['PostgreSQL (Recommended)'],
      ['Auth', 'Export'],
    ]);
    const result = await callThroughRuntime(
      AskUserQuestion,
      { questions: [database, features] },
      { userInteraction },
    );
    expect(userInteraction.asked).toEqual([
      [
        {
          question: 'Which database should the service use?',
          header: 'Database',
          options: ['PostgreSQL (Recommended)', 'SQLite'],
          optionDescriptions: ['Relational, already used by billing', 'Embedded, no server'],
          multiSelect: false,
        },
        {
          question: 'Which features go into the first release?',
          header: 'Features',
          options: ['Auth', 'Billing', 'Export'],
          optionDescriptions: ['Sign-in and sessions', 'Invoices', 'CSV export'],
          multiSelect: true,
        },
      ],
    ]);
    expect(result).toMatchObject({
      isError: false,
      content: [
        'The user answered your questions:',
        '1. Which database should the service use? → PostgreSQL (Recommended)',
        '2. Which features go into the first release? → Auth, Export',
        'Continue with these answers in mind.',
      ].join('\n'),
    });
  });

  test('shows a skipped question and an answer typed instead of an option', async () => {
    const userInteraction = new InMemoryUserInteraction([[], ['MySQL, we already run it']]);
    const result = await callThroughRuntime(
      AskUserQuestion,
      { questions: [features, database] },
      { userInteraction },
    );
    expect(result.content).toBe(
      [
        'The user answered your questions:',
        '1. Which features go into the first release? → (no answer)',
        '2. Which database should the service use? → MySQL, we already run it',
        'Continue with these answers in mind.',
      ].join('\n'),
    );
  });

  test.each([
    {
      case: 'the same question twice',
      questions: [database, database],
      content:
        '<tool_use_error>The question "Which database should the service use?" is asked twice; ask each question once.</tool_use_error>',
    },
    {
      case: 'the same option label twice',
      questions: [{ ...database, options: [database.options[0], database.options[0]] }],
      content:
        '<tool_use_error>The question "Which database should the service use?" offers the option "PostgreSQL (Recommended)" twice; give each option a distinct label.</tool_use_error>',
    },
  ])('refuses $case without bothering the user', async ({ questions, content }) => {
    const userInteraction = new InMemoryUserInteraction();
    await expect(
      callThroughRuntime(AskUserQuestion, { questions }, { userInteraction }),
    ).resolves.toMatchObject({ isError: true, errorCode: 'invalid_input', content });
    expect(userInteraction.calls).toEqual([]);
  });

  test.each([
    { case: 'no questions', questions: [] },
    {
      case: 'five questions',
      questions: [1, 2, 3, 4, 5].map((n) => ({ ...database, question: `Q${n}?` })),
    },
    { case: 'one option only', questions: [{ ...database, options: [database.options[0]] }] },
    {
      case: 'a header longer than 12 characters',
      questions: [{ ...database, header: 'Database engine' }],
    },
  ])('the schema refuses $case', async ({ questions }) => {
    await expect(
      callThroughRuntime(
        AskUserQuestion,
        { questions },
        { userInteraction: new InMemoryUserInteraction() },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
    });
  });

  test('fails when the host answers a different number of questions', async () => {
    const userInteraction = new InMemoryUserInteraction([['SQLite']]);
    await expect(
      callThroughRuntime(AskUserQuestion, { questions: [database, features] }, { userInteraction }),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'host_error',
      content: '<tool_use_error>The host returned answers for 1 of 2 questions.</tool_use_error>',
    });
  });
});

describe('EnterPlanMode', () => {
  test('switches the host to plan mode and says what it allows', async () => {
    const userInteraction = new InMemoryUserInteraction();
    const result = await callThroughRuntime(EnterPlanMode, {}, { userInteraction });
    expect(userInteraction.mode).toBe('plan');
    expect(result).toMatchObject({
      isError: false,
      content:
        'Plan mode is on. Explore the code and design an approach; do not edit files or run commands that change anything. When the plan is ready, present it with ExitPlanMode for the user to approve.',
    });
  });
});

describe('ExitPlanMode', () => {
  const plan = '1. Add the column\n2. Backfill\n3. Run the tests';

  test.each([
    {
      case: 'approved',
      review: { approved: true },
      mode: 'default',
      content: `The user approved your plan. Plan mode is off: implement the plan now.\n\nApproved plan:\n${plan}`,
    },
    {
      case: 'approved with a note',
      review: { approved: true, feedback: ' Keep the migration reversible. ' },
      mode: 'default',
      content: `The user approved your plan. Plan mode is off: implement the plan now.\n\nThe user added: Keep the migration reversible.\n\nApproved plan:\n${plan}`,
    },
    {
      case: 'rejected with feedback',
      review: { approved: false, feedback: 'Backfill in batches.' },
      mode: 'plan',
      content:
        'The user did not approve the plan; plan mode is still on. Revise the plan and present it again with ExitPlanMode.\n\nThe user said: Backfill in batches.',
    },
    {
      case: 'rejected without a reason',
      review: { approved: false, feedback: '' },
      mode: 'plan',
      content:
        'The user did not approve the plan; plan mode is still on. Revise the plan and present it again with ExitPlanMode.\n\nThe user gave no reason; if what should change is unclear, ask with AskUserQuestion.',
    },
  ])('reports a plan $case', async ({ review, mode, content }) => {
    const userInteraction = new InMemoryUserInteraction([], review);
    userInteraction.mode = 'plan';
    const result = await callThroughRuntime(ExitPlanMode, { plan }, { userInteraction });
    expect(result).toMatchObject({ isError: false, content });
    expect(userInteraction.plans).toEqual([plan]);
    expect(userInteraction.mode).toBe(mode);
  });

  test('refuses a blank plan without showing it', async () => {
    const userInteraction = new InMemoryUserInteraction();
    await expect(
      callThroughRuntime(ExitPlanMode, { plan: ' \n ' }, { userInteraction }),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>The plan is blank; write the plan before calling ExitPlanMode.</tool_use_error>',
    });
    expect(userInteraction.calls).toEqual([]);
  });
});
