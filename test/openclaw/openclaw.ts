/**
 * Drives the real `openclaw` CLI for the tier: an isolated home (state, config, log), the molt
 * plugin installed from its built package, `agent --local` turns, and a local gateway for
 * `sessions compact`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import type { Database } from '../../db/client.js';
import { readEffectiveMessages } from '../../db/messages.js';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { scaled } from '../time-scale.js';

export const PLUGIN_DIR = fileURLToPath(new URL('../../integrations/openclaw', import.meta.url));

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The `--json` answer, when stdout held one. */
  json: Record<string, unknown> | undefined;
}

/** One plugin method call as the plugin traced it (MOLT_OPENCLAW_TRACE). */
export interface TraceLine {
  at: number;
  pid: number;
  method: string;
  sessionId?: string;
  sessionKey?: string;
  /** Memory tools: `ok`, `invalid`, or molt's status. */
  outcome?: string;
  /** assemble: whether the session was opened, recall ran on the prompt, memories were recalled. */
  opened?: boolean;
  prompt?: boolean;
  memoryTools?: boolean;
  recalled?: number;
  systemPromptAddition?: boolean;
  /** assemble while molt did not answer: `kept-summary` or `own-messages` (fallback.ts). */
  fallback?: string;
  /** assemble from molt: messages sent to catch molt up first (backlog.ts). */
  caughtUp?: number;
  /** assemble's fallback: messages left out to fit the window, and the tokens handed over. */
  dropped?: number;
  estimatedTokens?: number;
  forceReason?: string;
  advancementKey?: string;
  tokenBudget?: number;
  force?: boolean;
  compactionTarget?: string;
  messageCount?: number;
}

export interface OpenClawHomeOptions {
  llmBaseUrl: string;
  contextWindow: number;
  pluginConfig: Record<string, unknown>;
  gatewayPort: number;
  /** Files written into the agent's workspace before the first turn (OpenClaw puts AGENTS.md in its system prompt). */
  workspaceFiles?: Record<string, string>;
  /** OpenClaw's `tools` config (e.g. `alsoAllow` for plugin tools under a restricted profile). */
  tools?: Record<string, unknown>;
}

/** One agent turn's arguments to `openclaw agent`, by the gateway or `--local`. */
const turnArgs = (sessionId: string, message: string): string[] => [
  '--agent',
  'main',
  '--session-id',
  sessionId,
  '--message',
  message,
  '--json',
];

export class OpenClawHome {
  readonly dir = mkdtempSync(join(tmpdir(), 'molt-openclaw-'));
  readonly traceFile = join(this.dir, 'plugin-trace.jsonl');
  readonly configPath = join(this.dir, 'openclaw.json');
  readonly gatewayToken = `token-${Date.now()}`;
  private readonly node = inject('openclawNode');
  private readonly openclaw = inject('openclawPath');

  constructor(private readonly options: OpenClawHomeOptions) {
    const workspace = join(this.dir, 'workspace');
    mkdirSync(workspace, { recursive: true });
    for (const [name, text] of Object.entries(options.workspaceFiles ?? {})) {
      writeFileSync(join(workspace, name), text);
    }
  }

  private config(withPlugin: boolean): Record<string, unknown> {
    const { llmBaseUrl, contextWindow, pluginConfig, gatewayPort } = this.options;
    const existing = existsSync(this.configPath)
      ? (JSON.parse(readFileSync(this.configPath, 'utf8')) as Record<string, Record<string, unknown>>)
      : {};
    return {
      ...existing,
      logging: { file: join(this.dir, 'openclaw.log'), level: 'info' },
      gateway: {
        mode: 'local',
        port: gatewayPort,
        bind: 'loopback',
        auth: { mode: 'token', token: this.gatewayToken },
      },
      models: {
        providers: {
          fake: {
            baseUrl: llmBaseUrl,
            apiKey: 'fake-key',
            api: 'openai-completions',
            models: [
              {
                id: 'fake',
                name: 'fake',
                reasoning: false,
                input: ['text'],
                cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
                contextWindow,
                maxTokens: 1024,
              },
            ],
          },
        },
      },
      agents: { defaults: { model: { primary: 'fake/fake' }, workspace: join(this.dir, 'workspace') } },
      ...(this.options.tools ? { tools: this.options.tools } : {}),
      ...(withPlugin
        ? {
            plugins: {
              ...(existing.plugins ?? {}),
              allow: ['molt'],
              entries: { molt: { enabled: true, config: pluginConfig } },
              slots: { contextEngine: 'molt' },
            },
          }
        : {}),
    };
  }

  private env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: this.dir,
      OPENCLAW_HOME: this.dir,
      OPENCLAW_STATE_DIR: join(this.dir, 'state'),
      OPENCLAW_CONFIG_PATH: this.configPath,
      MOLT_OPENCLAW_TRACE: this.traceFile,
      NO_COLOR: '1',
    };
  }

  run(args: string[], unscaledTimeoutMs = 120_000): Promise<RunResult> {
    const timeoutMs = scaled(unscaledTimeoutMs);
    return new Promise((resolve) => {
      execFile(
        this.node,
        [this.openclaw, ...args],
        { cwd: this.dir, env: this.env(), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          let json: Record<string, unknown> | undefined;
          try {
            json = JSON.parse(stdout) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
          resolve({ code, stdout, stderr, json });
        },
      );
    });
  }

  /** `openclaw plugins install <integrations/openclaw>`, then the config that enables the engine. */
  async installPlugin(): Promise<RunResult> {
    writeFileSync(this.configPath, JSON.stringify(this.config(false), null, 2));
    const result = await this.run(['plugins', 'install', '--force', '--accept-capabilities', PLUGIN_DIR]);
    writeFileSync(this.configPath, JSON.stringify(this.config(true), null, 2));
    return result;
  }

  agentTurn(sessionId: string, message: string): Promise<RunResult> {
    return this.run(['agent', '--local', ...turnArgs(sessionId, message)]);
  }

  /**
   * A turn run by the gateway (started with `startGateway`), whose process keeps the plugin
   * loaded between turns as a deployed OpenClaw does; its answer shaped as `agentTurn`'s.
   */
  async gatewayTurn(sessionId: string, message: string): Promise<RunResult> {
    const result = await this.run(['agent', ...turnArgs(sessionId, message)]);
    const answer = result.json?.result;
    return typeof answer === 'object' && answer !== null
      ? { ...result, json: answer as Record<string, unknown> }
      : result;
  }

  /** A turn in the session OpenClaw keys `sessionKey` (e.g. one person's direct messages). */
  keyedTurn(sessionKey: string, message: string): Promise<RunResult> {
    return this.run(['agent', '--local', '--session-key', sessionKey, '--message', message, '--json']);
  }

  /** Starts `openclaw gateway run` and resolves once it listens; stop it before the next --local turn. */
  async startGateway(): Promise<{ stop(): Promise<void>; output(): string }> {
    const child: ChildProcess = spawn(
      this.node,
      [
        this.openclaw,
        'gateway',
        'run',
        '--port',
        String(this.options.gatewayPort),
        '--bind',
        'loopback',
        '--auth',
        'token',
        '--token',
        this.gatewayToken,
      ],
      { cwd: this.dir, env: this.env(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + scaled(90_000);
    while (!/listening/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the gateway did not start: ${output.slice(-2_000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return {
      output: () => output,
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), scaled(20_000));
        await exited;
        clearTimeout(timer);
      },
    };
  }

  trace(): TraceLine[] {
    if (!existsSync(this.traceFile)) return [];
    return readFileSync(this.traceFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as TraceLine);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  log(): string {
    const path = join(this.dir, 'openclaw.log');
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  }
}

/**
 * The plugin calls OpenClaw made in each scenario (the closing note lists them): `mark` a
 * scenario before its turns, `report` after the last. One entry per call, in order: the method,
 * and for memory tools their outcome, for `assemble` whether it opened the session or fell back.
 */
export class CallLog {
  private readonly scenarios: { name: string; from: number }[] = [];

  constructor(private readonly home: OpenClawHome) {}

  mark(name: string): void {
    this.scenarios.push({ name, from: this.home.trace().length });
  }

  report(): string {
    const trace = this.home.trace();
    return this.scenarios
      .map(({ name, from }, i) => {
        const to = this.scenarios[i + 1]?.from ?? trace.length;
        const calls = trace.slice(from, to).map((line) => {
          if (line.outcome) return `${line.method}(${line.outcome})`;
          if (line.method === 'assemble') {
            const notes = [
              line.opened ? 'opened' : '',
              line.fallback ?? '',
              line.recalled ? `recalled ${line.recalled}` : '',
              line.systemPromptAddition ? 'profile' : '',
            ].filter(Boolean);
            return notes.length > 0 ? `assemble(${notes.join(', ')})` : 'assemble';
          }
          if (line.method === 'compact') return `compact(${line.forceReason ?? line.compactionTarget ?? ''})`;
          return line.method;
        });
        return `  ${name}: ${calls.join(' ')}`;
      })
      .join('\n');
  }
}

/** OpenClaw's session id for a session key, from the plugin's trace (null before its first call). */
export function sessionIdOf(trace: TraceLine[], sessionKey: string): string | null {
  return trace.findLast((line) => line.sessionKey === sessionKey && line.sessionId)?.sessionId ?? null;
}

/** The text of a fake-LLM request: every message, tool calls included (JSON). */
export const requestText = (call: { messages?: unknown } | undefined): string =>
  JSON.stringify(call?.messages ?? []);

/** The system message of a fake-LLM request. */
export function systemText(call: { messages?: { role: string; content?: unknown }[] } | undefined): string {
  return JSON.stringify(call?.messages?.filter((m) => m.role === 'system' || m.role === 'developer') ?? []);
}

/** The tool names a fake-LLM request offered the model. */
export function offeredTools(call: Record<string, unknown> | undefined): string[] {
  if (!Array.isArray(call?.tools)) return [];
  return (call.tools as { function?: { name?: string }; name?: string }[]).map(
    (tool) => tool.function?.name ?? tool.name ?? '',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Throws with OpenClaw's exit code and the end of its output unless the agent run succeeded. */
export function assertRan(result: RunResult): void {
  if (result.code !== 0) {
    throw new Error(
      `openclaw agent failed (${result.code}): ${result.stdout.slice(-1_500)}${result.stderr.slice(-1_500)}`,
    );
  }
}

/** The run succeeded and OpenClaw printed the fake model's answer, and nothing else. */
export function expectFakeAnswer(result: RunResult): void {
  assertRan(result);
  expect(result.json?.payloads).toEqual([
    expect.objectContaining({ text: expect.stringMatching(/^Fake answer/) }),
  ]);
}

/** About `tokens` tokens (4 characters each) of numbered lines tagged `tag`. */
export function fillerText(tag: string, tokens: number, step: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < tokens * 4; i++)
    lines.push(`${tag} line ${i}: value ${i * step}.`);
  return lines.join('\n');
}

/** The text of each user message molt stored for the session, in order (its transcript rows). */
export async function storedUserTexts(db: Database, sessionId: string): Promise<string[]> {
  const rows = await readEffectiveMessages(db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 });
  return rows
    .map((row) => row.body)
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
}

/** Each of `sent` is in molt's stored user messages once, in the order sent. */
export function expectStoredOnceInOrder(stored: readonly string[], sent: readonly string[]): void {
  expect(
    sent.map((message) => stored.filter((text) => text.includes(message)).length),
    'each message stored once',
  ).toEqual(sent.map(() => 1));
  const order = sent.map((message) => stored.findIndex((text) => text.includes(message)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
}
