/**
 * Drives the real `openclaw` CLI for the tier: an isolated home (state, config, log), the molt
 * plugin installed from its built package, `agent --local` turns, and a local gateway for
 * `sessions compact`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
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
}

export class OpenClawHome {
  readonly dir = mkdtempSync(join(tmpdir(), 'molt-openclaw-'));
  readonly traceFile = join(this.dir, 'plugin-trace.jsonl');
  readonly configPath = join(this.dir, 'openclaw.json');
  readonly gatewayToken = `token-${Date.now()}`;
  private readonly node = inject('openclawNode');
  private readonly openclaw = inject('openclawPath');

  constructor(private readonly options: OpenClawHomeOptions) {}

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
    return this.run([
      'agent',
      '--local',
      '--agent',
      'main',
      '--session-id',
      sessionId,
      '--message',
      message,
      '--json',
    ]);
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
