import { expect, test } from 'vitest';
import { applyTurnFilter, type TurnContext } from '../../../runtime/visibility/turn-filter.js';

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
