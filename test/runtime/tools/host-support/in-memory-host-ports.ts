/**
 * The host's side of the ports, as real in-memory implementations of the interfaces in
 * runtime/core/contract.ts: what a desktop or protocol host would inject, minus persistence. Each
 * records the calls it served and can be switched to fail (a host error) or to hang (a host that
 * never answers), so tests can drive every path of a handler without mocks.
 */
import { inspect } from 'node:util';
import { createContext, runInContext, Script, type Context } from 'node:vm';
import ts from 'typescript';
import type {
  CronPort,
  ModelCatalogPort,
  NodeReplPort,
  OffPeakPort,
  SessionContextPort,
  SkillPort,
  SubagentPort,
  UserInteractionPort,
  WebSearchPort,
  WorkflowPort,
} from '../../../../runtime/core/contract.js';

/** How a port answers: normally, by rejecting with `error`, or never. */
export type PortBehaviour =
  | { readonly kind: 'serve' }
  | { readonly kind: 'fail'; readonly error: unknown }
  | { readonly kind: 'hang' };

/** Shared plumbing: the behaviour switch and the log of served methods. */
export abstract class InMemoryPort {
  behaviour: PortBehaviour = { kind: 'serve' };
  /** Methods called, in order (also those that failed or hung). */
  readonly calls: string[] = [];

  protected async serve<T>(method: string, work: () => T | Promise<T>): Promise<T> {
    this.calls.push(method);
    if (this.behaviour.kind === 'fail') throw this.behaviour.error;
    if (this.behaviour.kind === 'hang') return new Promise<T>(() => {});
    return work();
  }
}

export interface CronJob {
  id: string;
  schedule: string;
  prompt: string;
  enabled: boolean;
  recurring: boolean;
  name?: string;
}

export class InMemoryCron extends InMemoryPort implements CronPort {
  readonly jobs = new Map<string, CronJob>();
  #next = 1;

  create(job: {
    schedule: string;
    prompt: string;
    name?: string;
    recurring?: boolean;
  }): Promise<{ id: string }> {
    return this.serve('create', () => {
      const id = `cron-${this.#next++}`;
      this.jobs.set(id, {
        id,
        schedule: job.schedule,
        prompt: job.prompt,
        enabled: true,
        recurring: job.recurring ?? true,
        ...(job.name === undefined ? {} : { name: job.name }),
      });
      return { id };
    });
  }

  update(
    id: string,
    changes: { schedule?: string; prompt?: string; enabled?: boolean },
  ): Promise<void> {
    return this.serve('update', () => {
      const job = this.#job(id);
      if (changes.schedule !== undefined) job.schedule = changes.schedule;
      if (changes.prompt !== undefined) job.prompt = changes.prompt;
      if (changes.enabled !== undefined) job.enabled = changes.enabled;
    });
  }

  delete(id: string): Promise<void> {
    return this.serve('delete', () => {
      this.#job(id);
      this.jobs.delete(id);
    });
  }

  list(): Promise<
    { id: string; schedule: string; prompt: string; enabled: boolean; recurring?: boolean }[]
  > {
    return this.serve('list', () =>
      [...this.jobs.values()].map(({ name: _name, ...job }) => ({ ...job })),
    );
  }

  #job(id: string): CronJob {
    const job = this.jobs.get(id);
    if (job === undefined) throw new Error(`No cron job with id "${id}".`);
    return job;
  }
}

export class InMemoryOffPeak extends InMemoryPort implements OffPeakPort {
  readonly tasks: { id: string; prompt: string; status: string; name?: string }[] = [];

  create(task: { prompt: string; name?: string }): Promise<{ id: string }> {
    return this.serve('create', () => {
      const id = `offpeak-${this.tasks.length + 1}`;
      this.tasks.push({
        id,
        prompt: task.prompt,
        status: 'queued',
        ...(task.name === undefined ? {} : { name: task.name }),
      });
      return { id };
    });
  }

  list(): Promise<{ id: string; prompt: string; status: string }[]> {
    return this.serve('list', () =>
      this.tasks.map(({ id, prompt, status }) => ({ id, prompt, status })),
    );
  }
}

export interface SubagentOptions {
  readonly profiles?: readonly { name: string; description: string }[];
  /** Offer `sendMessage` (and say so in `supportsMessaging`). Default: true. */
  readonly messaging?: boolean;
  /** Offer `respondToCoordinator` (a sub-agent session). Default: true. */
  readonly coordinator?: boolean;
  /** The report a foreground agent returns for a request. Default: `Done: <description>`. */
  readonly work?: (request: {
    description: string;
    prompt: string;
    subagentType?: string;
  }) => string;
}

export class InMemorySubagents extends InMemoryPort implements SubagentPort {
  readonly profiles: readonly { name: string; description: string }[];
  readonly supportsMessaging: boolean;
  readonly started: {
    agentId: string;
    description: string;
    prompt: string;
    subagentType?: string;
    runInBackground?: boolean;
  }[] = [];
  readonly messages: { to: string; message: string }[] = [];
  readonly replies: string[] = [];
  readonly sendMessage?: (to: string, message: string) => Promise<void>;
  readonly respondToCoordinator?: (message: string) => Promise<void>;
  readonly #work: NonNullable<SubagentOptions['work']>;

  constructor(options: SubagentOptions = {}) {
    super();
    this.profiles = options.profiles ?? [];
    this.supportsMessaging = options.messaging ?? true;
    this.#work = options.work ?? ((request) => `Done: ${request.description}`);
    if (this.supportsMessaging) {
      this.sendMessage = (to, message) =>
        this.serve('sendMessage', () => {
          if (!this.started.some((agent) => agent.agentId === to))
            throw new Error(`No running agent "${to}".`);
          this.messages.push({ to, message });
        });
    }
    if (options.coordinator ?? true) {
      this.respondToCoordinator = (message) =>
        this.serve('respondToCoordinator', () => void this.replies.push(message));
    }
  }

  start(
    request: {
      description: string;
      prompt: string;
      subagentType?: string;
      runInBackground?: boolean;
    },
    signal: AbortSignal,
  ): Promise<{ agentId: string; result?: string }> {
    return this.serve('start', () => {
      signal.throwIfAborted();
      const agentId = `agent-${this.started.length + 1}`;
      this.started.push({ agentId, ...request });
      return request.runInBackground === true
        ? { agentId }
        : { agentId, result: this.#work(request) };
    });
  }
}

export class InMemorySkills extends InMemoryPort implements SkillPort {
  constructor(readonly skills: ReadonlyMap<string, string>) {
    super();
  }

  load(name: string, args?: string): Promise<{ content: string }> {
    return this.serve('load', () => {
      const content = this.skills.get(name);
      if (content === undefined)
        throw new Error(
          `Unknown skill "${name}". Installed skills: ${[...this.skills.keys()].join(', ')}.`,
        );
      return { content: content.replaceAll('$ARGUMENTS', args ?? '') };
    });
  }
}

/**
 * A Node.js REPL: one persistent `vm` context, `console.log` captured, the value of the last
 * expression shown with `util.inspect` (as the Node REPL does).
 */
export class InMemoryNodeRepl extends InMemoryPort implements NodeReplPort {
  readonly #output: string[] = [];
  readonly #context: Context = createContext({
    console: {
      log: (...values: unknown[]) =>
        this.#output.push(
          values.map((value) => (typeof value === 'string' ? value : inspect(value))).join(' '),
        ),
    },
  });

  evaluate(code: string, signal: AbortSignal): Promise<{ output: string }> {
    return this.serve('evaluate', () => {
      signal.throwIfAborted();
      this.#output.length = 0;
      const value: unknown = runInContext(code, this.#context, { timeout: 1000 });
      const lines = [...this.#output];
      if (value !== undefined) lines.push(inspect(value));
      return { output: lines.join('\n') };
    });
  }
}

export class InMemoryUserInteraction extends InMemoryPort implements UserInteractionPort {
  mode: 'default' | 'plan' = 'default';
  readonly asked: Parameters<UserInteractionPort['ask']>[0][] = [];
  readonly plans: string[] = [];

  constructor(
    /** What the user picks, one list per question, for the next `ask`. */
    public answers: readonly string[][] = [],
    /** How the user reviews the next plan. */
    public planReview: { approved: boolean; feedback?: string } = { approved: true },
  ) {
    super();
  }

  ask(
    questions: Parameters<UserInteractionPort['ask']>[0],
    signal: AbortSignal,
  ): Promise<readonly string[][]> {
    return this.serve('ask', () => {
      signal.throwIfAborted();
      this.asked.push(questions);
      return this.answers;
    });
  }

  enterPlanMode(): Promise<void> {
    return this.serve('enterPlanMode', () => {
      this.mode = 'plan';
    });
  }

  exitPlanMode(plan: string): Promise<{ approved: boolean; feedback?: string }> {
    return this.serve('exitPlanMode', () => {
      this.plans.push(plan);
      if (this.planReview.approved) this.mode = 'default';
      return this.planReview;
    });
  }
}

export class InMemorySessions extends InMemoryPort implements SessionContextPort {
  readonly requests: { sessionId: string; maxBytes: number }[] = [];

  constructor(
    readonly sessions: ReadonlyMap<string, string>,
    /** A careless host returns whole transcripts, whatever `maxBytes` says. */
    readonly honoursMaxBytes = true,
  ) {
    super();
  }

  read(sessionId: string, options: { maxBytes: number }): Promise<{ content: string }> {
    return this.serve('read', () => {
      this.requests.push({ sessionId, maxBytes: options.maxBytes });
      const content = this.sessions.get(sessionId);
      if (content === undefined) throw new Error(`No session with id "${sessionId}".`);
      if (!this.honoursMaxBytes) return { content };
      const bytes = Buffer.from(content, 'utf8');
      return {
        content: bytes.subarray(Math.max(0, bytes.length - options.maxBytes)).toString('utf8'),
      };
    });
  }
}

export class InMemoryModelCatalog extends InMemoryPort implements ModelCatalogPort {
  constructor(readonly models: readonly { id: string; provider: string; description?: string }[]) {
    super();
  }

  list(): Promise<readonly { id: string; provider: string; description?: string }[]> {
    return this.serve('list', () => this.models);
  }
}

export interface WebPage {
  readonly title: string;
  readonly url: string;
  readonly snippet?: string;
}

/** A search index over fixed pages: a page matches when its title or snippet has every query word. */
export class InMemoryWebSearch extends InMemoryPort implements WebSearchPort {
  readonly queries: {
    query: string;
    allowedDomains?: readonly string[];
    blockedDomains?: readonly string[];
  }[] = [];

  constructor(
    readonly pages: readonly WebPage[],
    /** A careless host ignores the domain filters. */
    readonly honoursFilters = true,
  ) {
    super();
  }

  search(
    query: string,
    options: { allowedDomains?: readonly string[]; blockedDomains?: readonly string[] },
    signal: AbortSignal,
  ): Promise<readonly WebPage[]> {
    return this.serve('search', () => {
      signal.throwIfAborted();
      this.queries.push({ query, ...options });
      const words = query
        .toLowerCase()
        .split(/\s+/u)
        .filter((word) => word !== '');
      return this.pages.filter((page) => {
        const text = `${page.title} ${page.snippet ?? ''}`.toLowerCase();
        if (!words.every((word) => text.includes(word))) return false;
        if (!this.honoursFilters) return true;
        const host = new URL(page.url).hostname;
        if (
          options.allowedDomains !== undefined &&
          !options.allowedDomains.some((domain) => host.endsWith(domain))
        )
          return false;
        if (
          options.blockedDomains !== undefined &&
          options.blockedDomains.some((domain) => host.endsWith(domain))
        )
          return false;
        return true;
      });
    });
  }
}

export interface WorkflowRun {
  runId: string;
  name: string;
  status: string;
  script: string;
  input?: unknown;
  progress: { steps: string[]; openQuestions: { id: string; question: string }[] };
  result?: unknown;
}

export interface WorkflowEngineOptions {
  /** Keep each run's script for `getRun` (a host may not). Default: true. */
  readonly keepsScripts?: boolean;
  /** Amending starts a new run id instead of revising in place. Default: false. */
  readonly amendCreatesNewRun?: boolean;
  /** What `escalate` answers (undefined: the question waits). */
  readonly escalationAnswer?: string;
}

/**
 * A workflow engine whose type check is the real TypeScript compiler (syntax diagnostics, as
 * `line:column message`) and whose snippets really run: transpiled to JavaScript, evaluated in a
 * `vm` context, the default export called with the input and a logger.
 */
export class InMemoryWorkflowEngine extends InMemoryPort implements WorkflowPort {
  readonly runs: WorkflowRun[] = [];
  readonly saved = new Map<
    string,
    { name: string; script: string; description?: string; path: string }
  >();
  readonly submitted: unknown[] = [];
  readonly escalations: { question: string; context?: string }[] = [];
  readonly answers: { runId: string; questionId: string; answer: string }[] = [];
  readonly submitResult?: (result: unknown) => Promise<void>;
  readonly escalate?: (request: {
    question: string;
    context?: string;
  }) => Promise<{ answer?: string }>;

  constructor(readonly options: WorkflowEngineOptions & { readonly actor?: boolean } = {}) {
    super();
    if (options.actor ?? true) {
      this.submitResult = (result) =>
        this.serve('submitResult', () => void this.submitted.push(result));
      this.escalate = (request) =>
        this.serve('escalate', () => {
          this.escalations.push(request);
          return options.escalationAnswer === undefined ? {} : { answer: options.escalationAnswer };
        });
    }
  }

  typecheck(script: string): Promise<readonly string[]> {
    return this.serve('typecheck', () => {
      const output = ts.transpileModule(script, {
        reportDiagnostics: true,
        fileName: 'workflow.ts',
        compilerOptions: { target: ts.ScriptTarget.ES2022 },
      });
      return (output.diagnostics ?? []).map((diagnostic) => {
        const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
        if (diagnostic.file === undefined || diagnostic.start === undefined) return text;
        const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
        return `${line + 1}:${character + 1} ${text}`;
      });
    });
  }

  create(request: { script: string; name?: string; input?: unknown }): Promise<{ runId: string }> {
    return this.serve('create', () => {
      const runId = `run-${this.runs.length + 1}`;
      this.runs.push({
        runId,
        name: request.name ?? runId,
        status: 'running',
        script: request.script,
        input: request.input,
        progress: { steps: [], openQuestions: [] },
      });
      return { runId };
    });
  }

  amend(request: { runId: string; script: string }): Promise<{ runId: string }> {
    return this.serve('amend', () => {
      const run = this.#run(request.runId);
      if (this.options.amendCreatesNewRun !== true) {
        run.script = request.script;
        return { runId: run.runId };
      }
      run.status = 'superseded';
      const runId = `run-${this.runs.length + 1}`;
      this.runs.push({ ...run, runId, status: 'running', script: request.script });
      return { runId };
    });
  }

  save(request: { name: string; script: string; description?: string }): Promise<{ path: string }> {
    return this.serve('save', () => {
      const path = `.workflows/${request.name}.ts`;
      this.saved.set(request.name, { ...request, path });
      return { path };
    });
  }

  evalSnippet(
    request: { script: string; input?: unknown },
    signal: AbortSignal,
  ): Promise<{ result: unknown; logs: readonly string[] }> {
    return this.serve('evalSnippet', async () => {
      signal.throwIfAborted();
      const javascript = ts.transpileModule(request.script, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const module = { exports: {} as { default?: unknown } };
      new Script(javascript).runInContext(createContext({ module, exports: module.exports }), {
        timeout: 1000,
      });
      const entry = module.exports.default;
      if (typeof entry !== 'function')
        throw new Error('The snippet has no default export function.');
      const logs: string[] = [];
      const result: unknown = await entry(request.input, {
        log: (line: string) => logs.push(line),
      });
      return { result, logs };
    });
  }

  listRuns(): Promise<readonly { runId: string; name: string; status: string }[]> {
    // Newest first, as a host lists them.
    return this.serve('listRuns', () =>
      [...this.runs].reverse().map(({ runId, name, status }) => ({ runId, name, status })),
    );
  }

  getRun(runId: string): Promise<{
    runId: string;
    status: string;
    progress: unknown;
    result?: unknown;
    script?: string;
  }> {
    return this.serve('getRun', () => {
      const run = this.#run(runId);
      return {
        runId,
        status: run.status,
        progress: run.progress,
        ...(run.result === undefined ? {} : { result: run.result }),
        ...(this.options.keepsScripts === false ? {} : { script: run.script }),
      };
    });
  }

  resumeRun(runId: string): Promise<{ runId: string; status: string }> {
    return this.serve('resumeRun', () => {
      const run = this.#run(runId);
      if (run.status !== 'stopped')
        throw new Error(`Run "${runId}" is not stopped (status: ${run.status}).`);
      run.status = 'running';
      return { runId, status: run.status };
    });
  }

  resolveQuestion(request: { runId: string; questionId: string; answer: string }): Promise<void> {
    return this.serve('resolveQuestion', () => {
      const run = this.#run(request.runId);
      const index = run.progress.openQuestions.findIndex(
        (question) => question.id === request.questionId,
      );
      if (index === -1)
        throw new Error(`Run "${request.runId}" has no open question "${request.questionId}".`);
      run.progress.openQuestions.splice(index, 1);
      this.answers.push(request);
    });
  }

  listSaved(): Promise<readonly { name: string; description?: string; path: string }[]> {
    return this.serve('listSaved', () =>
      [...this.saved.values()].map(({ name, description, path }) => ({
        name,
        path,
        ...(description === undefined ? {} : { description }),
      })),
    );
  }

  #run(runId: string): WorkflowRun {
    const run = this.runs.find((candidate) => candidate.runId === runId);
    if (run === undefined) throw new Error(`No workflow run "${runId}".`);
    return run;
  }
}
