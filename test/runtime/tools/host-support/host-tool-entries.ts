/** The generated entries of the 29 host-dependent tools, by name. */
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import { tool as agent } from '../../../../generated/tools/agent.js';
import { tool as amendWorkflow } from '../../../../generated/tools/amend-workflow.js';
import { tool as askUserQuestion } from '../../../../generated/tools/ask-user-question.js';
import { tool as createWorkflow } from '../../../../generated/tools/create-workflow.js';
import { tool as cronCreate } from '../../../../generated/tools/cron-create.js';
import { tool as cronDelete } from '../../../../generated/tools/cron-delete.js';
import { tool as cronList } from '../../../../generated/tools/cron-list.js';
import { tool as cronUpdate } from '../../../../generated/tools/cron-update.js';
import { tool as enterPlanMode } from '../../../../generated/tools/enter-plan-mode.js';
import { tool as escalate } from '../../../../generated/tools/escalate.js';
import { tool as evalWorkflowSnippet } from '../../../../generated/tools/eval-workflow-snippet.js';
import { tool as exitPlanMode } from '../../../../generated/tools/exit-plan-mode.js';
import { tool as getWorkflowRun } from '../../../../generated/tools/get-workflow-run.js';
import { tool as js } from '../../../../generated/tools/js.js';
import { tool as listModels } from '../../../../generated/tools/list-models.js';
import { tool as listSavedWorkflows } from '../../../../generated/tools/list-saved-workflows.js';
import { tool as listWorkflowRuns } from '../../../../generated/tools/list-workflow-runs.js';
import { tool as offPeakCreate } from '../../../../generated/tools/off-peak-create.js';
import { tool as offPeakList } from '../../../../generated/tools/off-peak-list.js';
import { tool as readSessionContext } from '../../../../generated/tools/read-session-context.js';
import { tool as resolveWorkflowQuestion } from '../../../../generated/tools/resolve-workflow-question.js';
import { tool as respondToCoordinator } from '../../../../generated/tools/respond-to-coordinator.js';
import { tool as resumeWorkflowRun } from '../../../../generated/tools/resume-workflow-run.js';
import { tool as saveWorkflow } from '../../../../generated/tools/save-workflow.js';
import { tool as sendMessage } from '../../../../generated/tools/send-message.js';
import { tool as skill } from '../../../../generated/tools/skill.js';
import { tool as submitResult } from '../../../../generated/tools/submit-result.js';
import { tool as task } from '../../../../generated/tools/task.js';
import { tool as webSearch } from '../../../../generated/tools/web-search.js';

export const hostTools = {
  WebSearch: webSearch,
  AskUserQuestion: askUserQuestion,
  EnterPlanMode: enterPlanMode,
  ExitPlanMode: exitPlanMode,
  ReadSessionContext: readSessionContext,
  ListModels: listModels,
  CronCreate: cronCreate,
  CronUpdate: cronUpdate,
  CronDelete: cronDelete,
  CronList: cronList,
  OffPeakCreate: offPeakCreate,
  OffPeakList: offPeakList,
  Agent: agent,
  Task: task,
  SendMessage: sendMessage,
  RespondToCoordinator: respondToCoordinator,
  submit_result: submitResult,
  escalate,
  Skill: skill,
  js,
  CreateWorkflow: createWorkflow,
  AmendWorkflow: amendWorkflow,
  SaveWorkflow: saveWorkflow,
  EvalWorkflowSnippet: evalWorkflowSnippet,
  ListWorkflowRuns: listWorkflowRuns,
  GetWorkflowRun: getWorkflowRun,
  ResumeWorkflowRun: resumeWorkflowRun,
  ResolveWorkflowQuestion: resolveWorkflowQuestion,
  ListSavedWorkflows: listSavedWorkflows,
} as const satisfies Record<string, ToolEntry>;

export type HostToolName = keyof typeof hostTools;
