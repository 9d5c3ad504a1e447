/**
 * AskUserQuestion: shows the questions through the host's user-interaction port and waits (no
 * timeout: a person answers) until the user answers or the call is cancelled.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/ask-user-question.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const userInteraction = context.ports.userInteraction;
  if (userInteraction === undefined)
    return portUnavailable('AskUserQuestion', HOST_SERVICES.userQuestions);
  // Answers are matched to questions, and picks to options, by their text: repeats are ambiguous.
  const seenQuestions = new Set<string>();
  for (const question of input.questions) {
    if (seenQuestions.has(question.question)) {
      return {
        ok: false,
        code: 'invalid_input',
        message: `The question "${question.question}" is asked twice; ask each question once.`,
      };
    }
    seenQuestions.add(question.question);
    const seenLabels = new Set<string>();
    for (const option of question.options) {
      if (seenLabels.has(option.label)) {
        return {
          ok: false,
          code: 'invalid_input',
          message: `The question "${question.question}" offers the option "${option.label}" twice; give each option a distinct label.`,
        };
      }
      seenLabels.add(option.label);
    }
  }
  const asked = await callHostPort('AskUserQuestion', context.signal, () =>
    userInteraction.ask(
      input.questions.map((question) => ({
        question: question.question,
        header: question.header,
        options: question.options.map((option) => option.label),
        optionDescriptions: question.options.map((option) => option.description),
        multiSelect: question.multiSelect,
      })),
      context.signal,
    ),
  );
  if (!asked.ok) return asked;
  if (asked.value.length !== input.questions.length) {
    return {
      ok: false,
      code: 'host_error',
      message: `The host returned answers for ${asked.value.length} of ${input.questions.length} questions.`,
    };
  }
  return {
    ok: true,
    output: {
      answers: input.questions.map((question, index) => ({
        question: question.question,
        header: question.header,
        selected: [...(asked.value[index] ?? [])],
      })),
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  [
    'The user answered your questions:',
    ...output.answers.map(
      (answer, index) =>
        `${index + 1}. ${answer.question} → ${answer.selected.length === 0 ? '(no answer)' : answer.selected.join(', ')}`,
    ),
    'Continue with these answers in mind.',
  ].join('\n');
